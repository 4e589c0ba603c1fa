// What every command-line tool starts with: the configuration read as the server reads it, the
// database it names migrated, and closed whatever the tool's work does.
import { pathToFileURL } from 'node:url';
import { type Config, loadConfigOrReport } from '../config';
import { type Database, openDatabase } from '../db/client';
import { claimForStart } from '../db/operator-socket';
import * as schema from '../schema';

/**
 * Runs `work` against the configured database and answers its exit code; a bad configuration
 * prints its message and answers 2.
 */
export async function withConfiguredDatabase(
  work: (database: Database, config: Config) => Promise<number>,
): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 2;
  // PGlite: one process at a time in DATA_DIR (db/operator-socket.ts); a running server has it.
  const claimed = await claimForStart(config.DATABASE_URL, config.DATA_DIR, 'command');
  if (!claimed) return 1;
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, schema });
    try {
      await database.migrate();
      return await work(database, config);
    } finally {
      await database.close();
    }
  } finally {
    await claimed.claim?.release();
  }
}

/** Whether the module at `url` is the script node was started with (imported, it only exports). */
export const isEntryPoint = (url: string): boolean =>
  Boolean(process.argv[1]) && url === pathToFileURL(process.argv[1] ?? '').href;

/**
 * Prints why a tool's work failed under `headline` and answers exit code 1: a `refusal` (an error
 * of that class) says why in its message; anything else is told with its stack.
 */
export function reportFailure(
  headline: string,
  err: unknown,
  refusal: abstract new (...args: never[]) => Error,
): number {
  console.error(`${headline}: ${err instanceof Error ? err.message : String(err)}`);
  if (!(err instanceof refusal) && err instanceof Error && err.stack) console.error(err.stack);
  return 1;
}
