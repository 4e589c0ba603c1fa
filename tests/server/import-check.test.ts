import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-imports.mjs');
let dir = '';

function tree(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'arrive-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the import-direction check', () => {
  it('passes web and server importing the domain', () => {
    const result = tree({
      'src/domain/a.ts': 'export const a = 1;',
      'src/web/x.ts': "import { a } from '../domain/a';",
      'src/server/y.ts': "import { a } from '../domain/a';",
    });
    expect(result.status).toBe(0);
  });

  it('fails when the web imports the server', () => {
    const result = tree({
      'src/server/s.ts': 'export const s = 1;',
      'src/web/x.ts': "import { s } from '../server/s';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('web must not import server');
  });

  it('fails when the server imports the web', () => {
    const result = tree({ 'src/web/w.ts': 'export const w = 1;', 'src/server/x.ts': "export { w } from '../web/w';" });
    expect(result.status).toBe(1);
  });

  it('fails when one web feature imports another', () => {
    const result = tree({
      'src/web/features/orders/a.ts': 'export const a = 1;',
      'src/web/features/wallet/b.ts': "const m = import('../orders/a');",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("feature 'wallet' must not import feature 'orders'");
  });
});
