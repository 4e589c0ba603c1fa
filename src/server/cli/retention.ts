// `npm run retention`: one pass of the retention rules (rider positions, spent codes) against the
// configured database, as the server runs it every hour; prints what went.
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runRetention } from '../modules/privacy/retention';

/** Runs the pass and prints the report; answers the exit code. */
export async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const report = await runRetention(database.db);
    console.log(
      `Cleared ${report.riderPositionsCleared} rider position(s) and deleted ${report.spentCodesDeleted} spent code(s).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
