import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-lock.mjs');
let dir = '';

function check(manifest: object, lock: object) {
  dir = mkdtempSync(path.join(tmpdir(), 'arrive-lock-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
  return spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const manifest = { name: 'p', dependencies: { tool: '^1.0.0' } };
const lockWith = (packages: Record<string, object>) => ({
  lockfileVersion: 3,
  packages: { '': { name: 'p', dependencies: { tool: '^1.0.0' } }, ...packages },
});

describe('the lock-file check', () => {
  it('passes a lock file that records every platform build', () => {
    const result = check(
      manifest,
      lockWith({
        'node_modules/tool': {
          version: '1.0.0',
          optionalDependencies: { 'tool-darwin': '1.0.0', 'tool-linux': '1.0.0' },
        },
        'node_modules/tool-darwin': { version: '1.0.0', optional: true, os: ['darwin'] },
        'node_modules/tool-linux': { version: '1.0.0', optional: true, os: ['linux'] },
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('finds a dependency installed further up, as Node resolves it', () => {
    const result = check(
      manifest,
      lockWith({
        'node_modules/tool': { version: '1.0.0', dependencies: { helper: '2.0.0' } },
        'node_modules/tool/node_modules/inner': { version: '1.0.0', dependencies: { helper: '2.0.0' } },
        'node_modules/helper': { version: '2.0.0' },
      }),
    );
    expect(result.status).toBe(0);
  });

  it("refuses a lock file missing another platform's optional build", () => {
    const result = check(
      manifest,
      lockWith({
        'node_modules/tool': {
          version: '1.0.0',
          optionalDependencies: { 'tool-darwin': '1.0.0', 'tool-linux': '1.0.0' },
        },
        'node_modules/tool-linux': { version: '1.0.0', optional: true, os: ['linux'] },
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/node_modules\/tool: its optional dependency .* tool-darwin is not recorded/);
    expect(result.stderr).not.toMatch(/tool-linux/);
  });

  it('refuses a lock file that disagrees with package.json', () => {
    const result = check({ ...manifest, devDependencies: { linter: '^2.0.0' } }, lockWith({ 'node_modules/tool': {} }));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /devDependencies\.linter: package\.json says \^2\.0\.0, package-lock\.json says nothing/,
    );
  });

  it("passes the project's own lock file", () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
