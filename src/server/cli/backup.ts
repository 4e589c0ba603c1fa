// `npm run backup -- FILE`: a backup of the configured database, also while the server runs and
// writes. PostgreSQL (DATABASE_URL): pg_dump's custom format. PGlite (DATA_DIR): a snapshot the
// running server takes between transactions and hands over through its operator socket, or, with
// no server on DATA_DIR, one taken by opening the folder. FILE may be a folder (or left out when
// BACKUP_DIR is set): the backup is then named after the time. Exit codes: 0 written, 1 refused
// or failed, 2 bad usage or configuration.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrReport } from '../config';
import { BackupError, type BackupMeta, backupFileName, backupPglite, backupPostgres } from '../db/backup';
import { isEntryPoint, reportFailure } from './configured-database';

const USAGE = 'usage: npm run backup -- FILE   (or a folder; or nothing when BACKUP_DIR is set)';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function main(args = process.argv.slice(2), env = process.env): Promise<number> {
  const config = loadConfigOrReport(env);
  if (!config) return 2;
  const positional = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--'));
  if (positional.length > 1 || unknown.length > 0 || (!positional[0] && !config.BACKUP_DIR)) {
    console.error(USAGE);
    return 2;
  }
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  let file = path.resolve(positional[0] ?? (config.BACKUP_DIR as string));
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, backupFileName(kind, new Date()));

  try {
    let meta: BackupMeta;
    let from: string;
    if (config.DATABASE_URL) {
      meta = await backupPostgres(config.DATABASE_URL, file);
      from = 'PostgreSQL (pg_dump)';
    } else {
      const taken = await backupPglite(config.DATA_DIR, file);
      meta = taken;
      from = `PGlite in ${config.DATA_DIR} (${taken.via === 'server' ? 'snapshot from the running server' : 'no server running: read from the folder'})`;
    }
    console.log(`Backup of ${from} written to ${file} (${megabytes(meta.bytes)}).`);
    console.log(`  taken at ${meta.takenAt}; last migration ${meta.migration ?? 'none'}; sidecar ${file}.json`);
    return 0;
  } catch (err) {
    // A refusal says why; anything else (a folder of another user, a full disk) is told as it is.
    return reportFailure('Backup not written', err, BackupError);
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
