// The embedded database in a process of its own. PGlite runs its statements on the thread that
// calls it; inside the server that is the thread serving every request and socket, so each write
// stalled every counter and phone. The server starts this process on DATA_DIR/pglite, speaks
// PostgreSQL's protocol to it through node-postgres (db/pglite-wire.ts) and asks it for snapshots
// over the process channel. The process ends with the server: when the server exits, however it
// exits, the channel closes and the process closes PGlite and stops.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operatorSocketPath } from './operator-socket';

/** Where node-postgres reaches the process: a Unix socket's folder (port names the file) or 127.0.0.1. */
export type PgliteAddress = { host: string; port: number };

export type PgliteProcess = {
  readonly address: PgliteAddress;
  readonly pid: number;
  /** The data directory as a tarball, as `PGlite.dumpDataDir` writes it, between transactions. */
  snapshot(compression: 'gzip' | 'none'): Promise<Blob>;
  /** Closes PGlite and ends the process. */
  stop(): Promise<void>;
};

/** Messages on the process channel. */
export type ToPglite = { type: 'snapshot'; id: number; compression: 'gzip' | 'none' } | { type: 'stop' };
export type FromPglite =
  | { type: 'ready'; address: PgliteAddress }
  | { type: 'snapshot'; id: number; bytes?: Uint8Array; error?: string };

/** The socket node-postgres connects to: `.s.PGSQL.<port>` in the folder of DATA_DIR's operator socket. */
export const WIRE_PORT = 5432;

/** The folder only this user may enter (db/operator-socket.ts): the socket and the process's pid file. */
export const privateFolderOf = (dataDir: string) => path.dirname(operatorSocketPath(dataDir));

/**
 * The pid file of the process that has DATA_DIR/pglite open. A server killed outright leaves its
 * process closing PGlite for a moment; the next one's process waits for it (`waitForPrevious`).
 */
export const pidFileOf = (dataDir: string) => path.join(privateFolderOf(dataDir), 'pglite.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Waits until the process named in `pidFile` (another than this one) has ended, then names this one in it. */
export async function waitForPrevious(pidFile: string, timeoutMs = 30_000): Promise<void> {
  const previous = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
  if (previous && previous !== process.pid) {
    const until = Date.now() + timeoutMs;
    while (alive(previous)) {
      if (Date.now() > until) {
        throw new Error(`the database process ${previous} of an earlier server still has the data open`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  writeFileSync(pidFile, String(process.pid), { mode: 0o600 });
}

export const removePidFile = (pidFile: string) => {
  if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid)) rmSync(pidFile);
};

const childMain = fileURLToPath(new URL('./pglite-process-main.ts', import.meta.url));

/**
 * Starts the process on `dataDir` (DATA_DIR) and answers once it accepts connections. The caller
 * holds DATA_DIR's claim (db/operator-socket.ts), whose private folder the socket sits in.
 */
export async function startPgliteProcess(
  dataDir: string,
  /** Called when the process ends without being asked to (the server cannot go on without it). */
  onUnexpectedExit: (code: number | null) => void,
): Promise<PgliteProcess> {
  // The server runs TypeScript through tsx: the process does as well, with the server's flags.
  const execArgv = process.execArgv.includes('tsx') ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
  const child = fork(childMain, [], {
    execArgv,
    env: { ...process.env, PGLITE_DATA_DIR: path.resolve(dataDir) },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const address = await new Promise<PgliteAddress>((resolve, reject) => {
    child.once('message', (m: FromPglite) => (m.type === 'ready' ? resolve(m.address) : undefined));
    void exited.then((code) => reject(new Error(`the embedded database process exited with ${code} while starting`)));
  });

  let nextId = 1;
  const waiting = new Map<number, { resolve: (blob: Blob) => void; reject: (err: Error) => void }>();
  child.on('message', (m: FromPglite) => {
    if (m.type !== 'snapshot') return;
    const asked = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.bytes) asked?.resolve(new Blob([m.bytes as Uint8Array<ArrayBuffer>]));
    else asked?.reject(new Error(m.error ?? 'the snapshot failed'));
  });
  let stopping = false;
  void exited.then((code) => {
    if (!stopping) onUnexpectedExit(code);
    for (const asked of waiting.values()) asked.reject(new Error(`the embedded database process exited with ${code}`));
    waiting.clear();
  });

  return {
    address,
    pid: child.pid ?? 0,
    snapshot(compression) {
      if (child.exitCode !== null) return Promise.reject(new Error('the embedded database process has ended'));
      const id = nextId++;
      return new Promise<Blob>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ type: 'snapshot', id, compression } satisfies ToPglite);
      });
    },
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.connected) child.send({ type: 'stop' } satisfies ToPglite);
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}
