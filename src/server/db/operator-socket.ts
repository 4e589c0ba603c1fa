// PGlite keeps its files in DATA_DIR/pglite and only one process may have them open: a second one
// would write over the first's pages. The process that has them open (the server, or a backup or
// restore run while no server does) says so by listening on a local socket in DATA_DIR/operator/,
// a folder only its own operating-system user may enter. Another process asks it before touching
// the files: the server refuses to start on a folder another process holds, a restore refuses to
// replace it, and `npm run backup` asks the server for its snapshot through the socket instead of
// reading the files under it. It is no network route: nothing outside the machine reaches it, and
// on the machine only the user who owns the data (and root) may connect.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What holds a DATA_DIR: the server, or a command (backup, restore, reconcile…) run while no server did. */
export type OwnerRole = 'server' | 'backup' | 'restore' | 'command';
export type SocketOwner = { pid: number; role: OwnerRole };

/** Unix socket paths are short (108 bytes on Linux, 104 on macOS): past this, one under the temp folder. */
const MAX_SOCKET_PATH = 100;

/**
 * The socket of a DATA_DIR. On Windows a named pipe; elsewhere DATA_DIR/operator/backup.sock, or,
 * when that path is too long for a socket, a folder of the temp directory named after DATA_DIR.
 */
export function operatorSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\arrive-${hash}`;
  const inDataDir = path.join(resolved, 'operator', 'backup.sock');
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  return path.join(tmpdir(), `arrive-${hash}`, 'backup.sock');
}

/** "a server (process 123)", "a backup command (process 456)", for messages. */
export function describeOwner(owner: SocketOwner | null): string {
  if (!owner) return 'another process';
  const what =
    owner.role === 'server' ? 'a server' : owner.role === 'command' ? 'another command' : `a ${owner.role} command`;
  return owner.pid ? `${what} (process ${owner.pid})` : what;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: SocketOwner | null,
  ) {
    super(`${describeOwner(owner)} has the database in ${dataDir} open`);
    this.name = 'DataDirInUse';
  }
}

/** The socket's folder: made for this user alone, and refused when it belongs to another. */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  if (!stat.isDirectory()) throw new Error(`${folder} is not a folder`);
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    throw new Error(`${folder} belongs to another user: run this as the user who owns DATA_DIR`);
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
}

/**
 * Who holds the DATA_DIR whose socket this is; null when nobody listens (no file, or one left by
 * a process that died). A holder too busy to answer within the timeout still holds it.
 */
export function ownerOf(socketPath: string, timeoutMs = 5_000): Promise<SocketOwner | null> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath, path: '/', method: 'GET', timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        try {
          const parsed = JSON.parse(body) as Partial<SocketOwner>;
          resolve({ pid: Number(parsed.pid) || 0, role: parsed.role ?? 'server' });
        } catch {
          resolve({ pid: 0, role: 'server' });
        }
      });
    });
    req.on('timeout', () => {
      req.destroy();
      resolve({ pid: 0, role: 'server' });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // Nobody listens: no socket file, or a file left by a process that died.
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else resolve({ pid: 0, role: 'server' });
    });
    req.end();
  });
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/**
 * This process's hold on a DATA_DIR: the socket is listening as long as the claim lasts. Requests
 * other than "who are you" get 503 until `serve` hands in a handler.
 */
export class DataDirClaim {
  private handler: Handler | null = null;

  private constructor(
    private readonly server: http.Server,
    readonly socketPath: string,
  ) {}

  /** Takes DATA_DIR for this process, or throws DataDirInUse naming who holds it. */
  static async take(dataDir: string, role: OwnerRole): Promise<DataDirClaim> {
    const socketPath = operatorSocketPath(dataDir);
    if (process.platform !== 'win32') {
      ensurePrivateFolder(path.dirname(socketPath));
      if (existsSync(socketPath)) {
        const owner = await ownerOf(socketPath);
        if (owner) throw new DataDirInUse(path.resolve(dataDir), owner);
        rmSync(socketPath, { force: true });
      }
    }
    let claim: DataDirClaim | null = null;
    const server = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ pid: process.pid, role }));
        return;
      }
      const handler = claim?.handler;
      if (!handler) {
        res.writeHead(role === 'server' ? 503 : 409, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            message:
              role === 'server'
                ? 'the server is still starting'
                : `${describeOwner({ pid: process.pid, role })} has the database open`,
          }),
        );
        return;
      }
      Promise.resolve(handler(req, res)).catch((err: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: err instanceof Error ? err.message : String(err) }));
        } else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => {
        // Another process took it between the check and now.
        if (err.code === 'EADDRINUSE') reject(new DataDirInUse(path.resolve(dataDir), null));
        else reject(err);
      });
      server.listen(socketPath, () => resolve());
    });
    if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
    server.unref();
    claim = new DataDirClaim(server, socketPath);
    return claim;
  }

  /** Answers the requests of other processes (the server: snapshots). */
  serve(handler: Handler): void {
    this.handler = handler;
  }

  /** Stops listening and removes the socket file. */
  async release(): Promise<void> {
    this.handler = null;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (process.platform !== 'win32') rmSync(this.socketPath, { force: true });
  }
}

/** What a process starting on the configured database holds: DATA_DIR's claim under PGlite, none under PostgreSQL. */
export type StartClaim = { claim: DataDirClaim | null };

/**
 * Takes DATA_DIR for a process starting on the configured database (nothing to take when it is
 * PostgreSQL: `databaseUrl` set). When another process holds it, says so on stderr, in the words
 * for the server or for a command, and answers null: the caller stops.
 */
export async function claimForStart(
  databaseUrl: string | undefined,
  dataDir: string,
  role: 'server' | 'command',
): Promise<StartClaim | null> {
  if (databaseUrl) return { claim: null };
  try {
    return { claim: await DataDirClaim.take(dataDir, role) };
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    console.error(
      role === 'server'
        ? `Cannot start: ${err.message}. Only one process at a time may use a PGlite DATA_DIR.`
        : `${err.message}: stop it first (one process at a time may use a PGlite DATA_DIR).`,
    );
    return null;
  }
}
