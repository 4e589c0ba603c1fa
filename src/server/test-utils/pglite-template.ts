import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client';

export type PgliteStart = { dataDir: Blob; engine: WebAssembly.Module };

let start: Promise<PgliteStart> | undefined;

/**
 * A PGlite data directory with every migration applied, and the engine compiled, for test apps to
 * start from. Built once per set of migrations and kept in the system's temporary folder, so the
 * workers of a run (and the next run) load it instead of each running initdb and the migrations.
 * The apps still run `migrate()`, which finds nothing left to apply; a changed migration changes
 * the key and builds a new directory.
 */
export function migratedPglite(): Promise<PgliteStart> {
  start ??= load();
  return start;
}

async function load(): Promise<PgliteStart> {
  const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  // The server's type library declares WebAssembly's types, not its global (Node has it).
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  };
  const engine = await wasm.compile(readFileSync(path.join(pgliteDist, 'pglite.wasm')));
  const file = path.join(tmpdir(), `arrive-test-pglite-${templateKey(pgliteDist)}.tar`);
  if (existsSync(file)) return { dataDir: new Blob([readFileSync(file)]), engine };
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dataDir = await (database.snapshot?.('none') ?? Promise.reject(new Error('PGlite takes snapshots')));
    // Written under a name of its own, then renamed: a worker never reads a half-written file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dataDir.arrayBuffer()));
    renameSync(partial, file);
    return { dataDir, engine };
  } finally {
    await database.close();
  }
}

/** The migrations' names and contents, and the engine's version: what the directory depends on. */
function templateKey(pgliteDist: string): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(pgliteDist, '..', 'package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
