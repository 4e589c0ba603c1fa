import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './redis-server';

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function uidOf(user: string): { uid: number; gid: number } | null {
  const out = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (out.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(out.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb into a temp dir, pg_ctl on a free
 * port), which it may stop and start at will; the machine's shared server is never touched.
 * initdb refuses to run as root, so as root it runs as the `postgres` user.
 */
export class OwnPostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
    private readonly asUser: string | null,
  ) {}

  /** Why a cluster cannot be made here, or null. */
  static unavailableReason(): string | null {
    if (!postgresBin()) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql';
    if (process.getuid?.() === 0 && !uidOf('postgres'))
      return 'running as root and there is no postgres user to run initdb as';
    return null;
  }

  static async create(): Promise<OwnPostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('no PostgreSQL binaries');
    const asUser = process.getuid?.() === 0 ? 'postgres' : null;
    const dir = mkdtempSync(path.join(tmpdir(), 'arrive-pg-'));
    if (asUser) {
      const ids = uidOf(asUser);
      if (!ids) throw new Error('no postgres user');
      chownSync(dir, ids.uid, ids.gid);
    }
    const pg = new OwnPostgres(bin, dir, await freePort(), asUser);
    pg.run('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    pg.start();
    return pg;
  }

  private run(tool: string, args: string[]) {
    const exe = path.join(this.bin, tool);
    const [cmd, argv] = this.asUser ? ['runuser', ['-u', this.asUser, '--', exe, ...args]] : [exe, args];
    execFileSync(cmd, argv, { stdio: 'pipe', timeout: 60_000 });
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start() {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
      'start',
    ]);
  }

  /** Fast shutdown: open connections are cut, as in a crash or a restart by an operator. */
  stop() {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  destroy() {
    try {
      this.stop();
    } catch {}
    rmSync(this.dir, { recursive: true, force: true });
  }
}
