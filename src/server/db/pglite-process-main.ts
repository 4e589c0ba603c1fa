// The embedded database's own process (db/pglite-process.ts starts it): PGlite on
// PGLITE_DATA_DIR/pglite, served on a socket in DATA_DIR's private folder (on Windows, 127.0.0.1 on a
// free port), snapshots taken when the server asks. It stops when asked or when the server is gone.
import { chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDirOf } from './client';
import { ensurePrivateFolder } from './operator-socket';
import {
  type FromPglite,
  type PgliteAddress,
  pidFileOf,
  privateFolderOf,
  removePidFile,
  type ToPglite,
  WIRE_PORT,
  waitForPrevious,
} from './pglite-process';
import { serveWire } from './pglite-wire';

const dataDir = process.env.PGLITE_DATA_DIR ?? '';
const send = (message: FromPglite) => process.send?.(message);

async function main() {
  if (!dataDir || !process.send) throw new Error('started without PGLITE_DATA_DIR or a channel to the server');
  ensurePrivateFolder(privateFolderOf(dataDir));
  const pidFile = pidFileOf(dataDir);
  await waitForPrevious(pidFile);
  const db = await PGlite.create({ dataDir: pgliteDirOf(dataDir) });
  const wire = serveWire(db);

  let address: PgliteAddress;
  if (process.platform === 'win32') {
    await new Promise<void>((resolve) => wire.server.listen(0, '127.0.0.1', resolve));
    const bound = wire.server.address();
    address = { host: '127.0.0.1', port: typeof bound === 'object' && bound ? bound.port : 0 };
  } else {
    const folder = privateFolderOf(dataDir);
    const socketPath = path.join(folder, `.s.PGSQL.${WIRE_PORT}`);
    // Left by a process killed outright: the pid file above says it has ended.
    rmSync(socketPath, { force: true });
    await new Promise<void>((resolve) => wire.server.listen(socketPath, resolve));
    chmodSync(socketPath, 0o600);
    address = { host: folder, port: WIRE_PORT };
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await wire.close();
      await db.close();
      removePidFile(pidFile);
      process.exit(0);
    })();
    return stopping;
  };
  process.on('disconnect', () => void stop());
  // The server may have gone while PGlite opened: the event has passed, the channel says so.
  if (!process.connected) void stop();
  // A signal to the whole process group (Ctrl-C, a service manager's stop) reaches the server too,
  // which closes this process once its own requests are done (10 s at most); this process only
  // steps in if the server has not by then.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => setTimeout(() => void stop(), 15_000).unref());
  }
  process.on('message', (m: ToPglite) => {
    if (m.type === 'stop') void stop();
    else if (m.type === 'snapshot') {
      wire
        .outsideTransactions(async () => {
          // A checkpoint first keeps the WAL a restore replays short.
          await db.exec('checkpoint');
          return db.dumpDataDir(m.compression);
        })
        .then(
          async (blob) => send({ type: 'snapshot', id: m.id, bytes: new Uint8Array(await blob.arrayBuffer()) }),
          (err: unknown) =>
            send({ type: 'snapshot', id: m.id, error: err instanceof Error ? err.message : String(err) }),
        );
    }
  });
  send({ type: 'ready', address });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
