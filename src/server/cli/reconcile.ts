// `npm run reconcile`: proves every wallet's balance equals its ledger; exits 1 on any difference.
import { pathToFileURL } from 'node:url';
import { formatNaira } from '../../domain/format';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { reconcileWallets } from '../modules/wallet/reconcile';

export { reconcileWallets };

/** Runs the check against the configured database and prints the report; answers the exit code. */
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
    const report = await reconcileWallets(database.db);
    const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
    console.log(
      `Reconciled ${report.walletsChecked} wallet(s) and ${report.transactionsChecked} ledger row(s) on ${where}.`,
    );
    if (report.differences.length === 0) {
      console.log('Every balance equals Σ completed credits − Σ completed debits.');
      return 0;
    }
    console.error(`${report.differences.length} wallet(s) differ from their ledger:`);
    for (const d of report.differences) {
      console.error(
        `  wallet ${d.walletNumber} (${d.walletId}): balance ${formatNaira(d.balance)}, ledger ${formatNaira(d.ledgerBalance)}, difference ${formatNaira(d.difference)}`,
      );
    }
    return 1;
  } finally {
    await database.close();
  }
}

// Imported (by tests or the bench) it only exports; run as a script it checks and exits.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
