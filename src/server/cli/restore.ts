// `npm run restore -- FILE [--force]`: puts a backup (`npm run backup`) back into the database the
// configuration names: PGlite in DATA_DIR, or the PostgreSQL database of DATABASE_URL. The target
// must be empty (a new DATA_DIR, a newly created database) unless --force, which replaces it
// (PGlite: the old folder is kept, renamed; PostgreSQL: pg_restore --clean --if-exists). A backup
// of the other kind is refused. Stop the servers first. Exit codes: 0 restored, 1 refused or
// failed, 2 bad usage or configuration.
import { loadConfigOrReport } from '../config';
import { BackupError, restoreBackup } from '../db/backup';
import { isEntryPoint, reportFailure } from './configured-database';

const USAGE = 'usage: npm run restore -- FILE [--force]';

export async function main(args = process.argv.slice(2), env = process.env): Promise<number> {
  const config = loadConfigOrReport(env);
  if (!config) return 2;
  const force = args.includes('--force');
  const positional = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  const [file] = positional;
  if (!file || positional.length > 1 || unknown.length > 0) {
    console.error(USAGE);
    return 2;
  }
  try {
    const result = await restoreBackup({ file, force, databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const into = result.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'the PostgreSQL database of DATABASE_URL';
    console.log(`Restored ${file} into ${into}${result.replaced ? ', replacing what was there' : ''}.`);
    if (result.meta) {
      console.log(`  taken at ${result.meta.takenAt}; last migration ${result.meta.migration ?? 'none'}`);
    } else console.log('  (no sidecar: time and migration unknown)');
    if (result.movedAside) console.log(`  the database that was there is kept in ${result.movedAside}`);
    console.log('Start the server on it (it applies newer migrations at start) and check it with npm run reconcile.');
    return 0;
  } catch (err) {
    return reportFailure('Restore not done', err, BackupError);
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
