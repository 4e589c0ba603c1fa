import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWalletScenario } from '../../bench/scenarios/wallet-stress';
import { buildTestApp } from '../../src/server/test-utils/test-app';

/** 200 keeps CI quick; `WALLET_SCENARIO_OPERATIONS=1000` (or `npm run bench`) runs the full load. */
const OPERATIONS = Number(process.env.WALLET_SCENARIO_OPERATIONS ?? 200);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('wallet under concurrent load', () => {
  it(`${OPERATIONS} concurrent top-ups, transfers and wallet payments, every webhook delivered twice, keep every balance equal to its ledger`, async () => {
    const report = await runWalletScenario(app, { operations: OPERATIONS, wallets: 8, concurrency: 16 });
    expect(report.problems).toEqual([]);
    expect(report.cardTopUps).toBeGreaterThan(0);
    expect(report.bankTransfers).toBeGreaterThan(0);
    expect(report.orderPayments).toBeGreaterThan(report.insufficientFund);
    // Three deliveries per funding (the original and two repeats): proves the repeats were sent.
    expect(report.webhookDeliveries).toBe(3 * (report.cardTopUps + report.bankTransfers));
  }, 180_000);

  it('detects money that moved outside the ledger (the check can fail)', async () => {
    const report = await runWalletScenario(app, { operations: 10, wallets: 2, concurrency: 4, seed: 7 });
    expect(report.problems).toEqual([]);
    await app.db.execute(
      // Tamper with one wallet of this run directly: the next scenario's reconcile must see it.
      sql`update wallets set balance = balance + 1 where id = (select id from wallets order by created_at desc limit 1)`,
    );
    const after = await runWalletScenario(app, { operations: 4, wallets: 2, concurrency: 2, seed: 9 });
    expect(after.problems.some((p) => p.includes('but ledger'))).toBe(true);
  });
});
