// `npm run reconcile`: proves every wallet's balance equals its ledger; exits 1 on any difference.
import { formatNaira } from '../../domain/format';
import { reconcileWallets } from '../modules/wallet';
import { isEntryPoint, withConfiguredDatabase } from './configured-database';

export { reconcileWallets };

/** Runs the check against the configured database and prints the report; answers the exit code. */
export function main(): Promise<number> {
  return withConfiguredDatabase(async (database, config) => {
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
  });
}

// Imported (by tests or the bench) it only exports; run as a script it checks and exits.
if (isEntryPoint(import.meta.url)) {
  process.exitCode = await main();
}
