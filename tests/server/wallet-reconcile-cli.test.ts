import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arrive-reconcile-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runReconcile() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/reconcile.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function withDatabase(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run reconcile', () => {
  it('exits 0 when every balance equals its ledger, and 1 naming the wallet that does not', async () => {
    await withDatabase(async (db) => {
      const clients = await db.execute<{ id: string }>(
        sql`insert into clients (phone_local, phone_international) values ('08099990001', '2348099990001') returning id`,
      );
      const clientId = clients.rows[0]?.id;
      const wallets = await db.execute<{ id: string }>(sql`
        insert into wallets (client_id, wallet_number, balance, status, firstname, lastname, email, consent_given_at)
        values (${clientId}, '5550001111', 2500, 'active', 'Ada', 'Obi', 'ada@example.com', now()) returning id`);
      await db.execute(sql`
        insert into wallet_transactions (wallet_id, reference, type, status, amount, balance_after, purpose, display_name)
        values (${wallets.rows[0]?.id}, 'cli-1', 'Credit', 'completed', 2500, 2500, 'FundWallet', 'Card top-up')`);
    });
    const clean = runReconcile();
    expect(clean.out).toContain('Reconciled 1 wallet(s) and 1 ledger row(s)');
    expect(clean.code).toBe(0);

    await withDatabase(async (db) => {
      await db.execute(sql`update wallets set balance = 2600 where wallet_number = '5550001111'`);
    });
    const broken = runReconcile();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('wallet 5550001111');
    expect(broken.out).toContain('difference ₦1.00');
  }, 120_000);
});
