// `npm run retention`: one pass of the retention rules (rider positions, spent codes) against the
// configured database, as the server runs it every hour; prints what went.
import { runRetention } from '../modules/privacy';
import { isEntryPoint, withConfiguredDatabase } from './configured-database';

/** Runs the pass and prints the report; answers the exit code. */
export function main(): Promise<number> {
  return withConfiguredDatabase(async (database) => {
    const report = await runRetention(database.db);
    console.log(
      `Cleared ${report.riderPositionsCleared} rider position(s) and deleted ${report.spentCodesDeleted} spent code(s).`,
    );
    return 0;
  });
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
