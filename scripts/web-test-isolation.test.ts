// The web tests share their worker's module graph unless they are listed as isolated
// (vitest.config.ts). A test that replaces a module, a global or the timers in a shared graph
// replaces nothing when an earlier file loaded the real one first: it then fails or passes by the
// order files happen to run in.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webTestsIsolated } from '../vitest.config';

const root = path.resolve(import.meta.dirname, '..');
const files = (pattern: string) => globSync(pattern, { cwd: root }).map((f) => f.split(path.sep).join('/'));

describe('the web tests’ isolation', () => {
  it('runs every web test that replaces a module, a global or the timers in a module graph of its own', () => {
    const isolated = new Set(webTestsIsolated.flatMap(files));
    const replacing = ['src/web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts']
      .flatMap(files)
      .filter((file) =>
        /\bvi\.(mock|doMock|stubGlobal|useFakeTimers)\(/.test(readFileSync(path.join(root, file), 'utf8')),
      );
    expect(replacing.length).toBeGreaterThan(10);
    expect(replacing.filter((file) => !isolated.has(file))).toEqual([]);
  });
});
