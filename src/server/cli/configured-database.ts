// What every command-line tool starts with: the configuration read as the server reads it, the
// database it names migrated, and closed whatever the tool's work does.
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { DataDirClaim, DataDirInUse } from '../db/operator-socket';
import * as schema from '../schema';

type Config = ReturnType<typeof loadConfig>;

/**
 * Runs `work` against the configured database and answers its exit code; a bad configuration
 * prints its message and answers 2.
 */
export async function withConfiguredDatabase(
  work: (database: Database, config: Config) => Promise<number>,
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  // PGlite: one process at a time in DATA_DIR (db/operator-socket.ts); a running server has it.
  let claim: DataDirClaim | null = null;
  if (!config.DATABASE_URL) {
    try {
      claim = await DataDirClaim.take(config.DATA_DIR, 'command');
    } catch (err) {
      if (!(err instanceof DataDirInUse)) throw err;
      console.error(`${err.message}: stop it first (one process at a time may use a PGlite DATA_DIR).`);
      return 1;
    }
  }
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, schema });
    try {
      await database.migrate();
      return await work(database, config);
    } finally {
      await database.close();
    }
  } finally {
    await claim?.release();
  }
}

/** Whether the module at `url` is the script node was started with (imported, it only exports). */
export const isEntryPoint = (url: string): boolean =>
  Boolean(process.argv[1]) && url === pathToFileURL(process.argv[1] ?? '').href;
