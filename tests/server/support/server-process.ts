import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../../scripts/serve.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every server this module started and that may still run: afterAll hooks and process exit kill them. */
const running = new Set<ServerProcess>();
process.once('exit', () => {
  for (const server of running) server.killNow();
});

export type ServerProcessOptions = {
  port: number;
  /** PGlite's directory (used when no databaseUrl). */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
};

/**
 * The real server (`src/server/main.ts`, what `npm run serve` runs) as a child process of its own
 * on 127.0.0.1, with the same Node.js flags. It runs as `node --import tsx`, so the PID is the server itself (the tsx command
 * would put a second Node process in between, which a SIGKILL of the first would leave running).
 */
export class ServerProcess {
  private readonly output: string[] = [];
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exitStatus: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.output.push(line);
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitStatus = { code, signal };
        running.delete(this);
        resolve({ code, signal });
      });
    });
  }

  static start(options: ServerProcessOptions): ServerProcess {
    const url = `http://127.0.0.1:${options.port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      // The sandbox's Paystack client calls the emulator at PUBLIC_URL: it must be this server.
      PUBLIC_URL: url,
      STATIC_DIR: 'dist-does-not-exist',
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir ?? '' }),
      ...options.env,
    };
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, options.port);
    running.add(server);
    return server;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The last 200 lines the server printed (its JSON log lines among them), oldest first. */
  lines(): string[] {
    return [...this.output];
  }

  /** The last lines the server printed, for failure messages. */
  log(): string {
    return this.output.slice(-40).join('\n');
  }

  /** Polls the health route until it answers 200; answers the milliseconds it took, or throws. */
  async waitHealthy(timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (this.exitStatus) {
        throw new Error(`the server exited (${JSON.stringify(this.exitStatus)}) before it was healthy:\n${this.log()}`);
      }
      try {
        const res = await fetch(`${this.url}/api/app/health`, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (res.status === 200) return Date.now() - started;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not answer health 200 within ${timeoutMs} ms:\n${this.log()}`);
  }

  /** kill -9: no shutdown hook runs, nothing is flushed by the process. Resolves once it is gone. */
  async crash(): Promise<void> {
    if (this.exitStatus) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (the server's graceful shutdown), then SIGKILL if it is still running after the grace period. */
  async stop(graceMs = 15_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.exitStatus) return this.exitStatus;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const status = await this.exited;
    clearTimeout(timer);
    return status;
  }

  /** Synchronous last resort (process exit): SIGKILL by PID if still running. */
  killNow(): void {
    if (!this.exitStatus && this.child.pid) {
      try {
        process.kill(this.child.pid, 'SIGKILL');
      } catch {}
    }
  }
}

/** Kills (SIGKILL, by PID) every server this module started that still runs, and waits for them. */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.crash()));
}

type CliStore = { dataDir?: string; databaseUrl?: string };

/** A command of src/server/cli (`npm run reconcile`, `backup`, `restore`) against a database: its exit code and output. */
export function runCli(
  script: string,
  args: string[],
  store: CliStore,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir ?? '' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `npm run reconcile` (src/server/cli/reconcile.ts) against a database: its exit code and output. */
export const runReconcileCli = (store: CliStore) => runCli('reconcile', [], store);
