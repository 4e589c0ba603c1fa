// Migration 0028 (stock per gas center) on an installation that already has data: the database is
// migrated up to 0027 as such an installation is, given products, their quotas (stock, daily
// limit, today's use), a supply and orders through SQL, then migrated as a server start does (only
// 0028 is left to run). No quota is lost or changed, and every one is the first center's, the
// center the stock always was at. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { type InstallationBefore, installationBefore } from './support/installation-before';

let installation: InstallationBefore;
let database: Database;
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => installation.rows<T>(query);
const snapshot = (table: string, without: string[] = []) => installation.snapshot(table, without);

beforeAll(async () => {
  installation = await installationBefore('0028_center_stock');
  database = installation.database;
});
afterAll(async () => {
  await installation?.close();
});

describe('migration 0028 on an installation with stock', () => {
  it("keeps every quota, each the first center's, and a supply's center is the first", async () => {
    expect(await rows(sql`select to_regclass('stock_transfers') as t`)).toEqual([{ t: null }]);
    await database.db.execute(sql`
      insert into products (type, name, price, size_kg) values
        ('Gas', 'Cooking gas (LPG) refill', 125000, null),
        ('Cylinder', '12.5 kg gas cylinder', 4500000, 12.5),
        ('GasStove', 'Standing gas cooker', 26500000, null)`);
    await database.db.execute(sql`
      insert into quotas (product_id, stock, daily_limit, note)
      select id, s.stock, s.daily_limit, s.note from products p join (values
        ('Cooking gas (LPG) refill', 850.5::double precision, 300::double precision, 'Depot A'),
        ('12.5 kg gas cylinder', 40, null, null),
        ('Standing gas cooker', null, 5, 'Only a daily cap')) as s(name, stock, daily_limit, note)
        on s.name = p.name`);
    // Today's use, as orders placed today counted it.
    await database.db.execute(sql`update quotas set taken_today = 12.5 where stock = 850.5`);
    await database.db.execute(sql`
      insert into clients (phone_local, phone_international, firstname, is_verified)
      values ('08020000001', '2348020000001', 'Ada', true)`);
    await database.db.execute(sql`insert into suppliers (name, phone_local) values ('NNPC depot', '08030000000')`);
    await database.db.execute(sql`
      insert into supplies (supplier_id, quantity_kg, delivered_kg, amount, status)
      select id, 1000, 1000, 50000000, 'Delivered' from suppliers`);
    const before = await snapshot('quotas');
    const suppliesBefore = await snapshot('supplies');

    await database.migrate();

    expect(await snapshot('quotas', ['center_id'])).toEqual(before);
    expect(await snapshot('supplies', ['center_id'])).toEqual(suppliesBefore);
    const [first] = await rows<{ id: string }>(sql`select first_center_id() as id`);
    const centersOf = async (table: string) =>
      (await rows<{ center_id: string }>(sql.raw(`select distinct center_id from "${table}"`))).map((r) => r.center_id);
    expect(await centersOf('quotas')).toEqual([first?.id]);
    expect(await centersOf('supplies')).toEqual([first?.id]);
    expect(await rows(sql`select count(*)::int as n from quotas`)).toEqual([{ n: 3 }]);
    expect(await rows(sql`select count(*)::int as n from stock_transfers`)).toEqual([{ n: 0 }]);
    expect(await rows(sql`select count(*)::int as n from center_prices`)).toEqual([{ n: 0 }]);
  });

  it('lets a second center have its own row of a product, one only, and starts a new center at 0', async () => {
    await database.db.execute(sql`
      insert into centers (name, address, lat, lng, created_at)
      values ('Arrive Lekki', 'Admiralty Way, Lekki Phase 1, Lagos', 6.4478, 3.4723, now() + interval '1 second')`);
    // Counted at the first center (stock not null): counted at the new one, at 0; the cooker,
    // with a daily cap only, stays unlimited there.
    const atLekki = await rows<{
      name: string;
      stock: number | null;
      daily_limit: number | null;
      taken_today: number;
    }>(sql`
      select p.name, q.stock, q.daily_limit, q.taken_today from quotas q join products p on p.id = q.product_id
      join centers c on c.id = q.center_id where c.name = 'Arrive Lekki' order by p.name`);
    expect(atLekki).toEqual([
      { name: '12.5 kg gas cylinder', stock: 0, daily_limit: null, taken_today: 0 },
      { name: 'Cooking gas (LPG) refill', stock: 0, daily_limit: null, taken_today: 0 },
    ]);
    // The first center's rows are untouched.
    expect(
      await rows(sql`select stock from quotas q join products p on p.id = q.product_id
        where q.center_id = first_center_id() and p.name = '12.5 kg gas cylinder'`),
    ).toEqual([{ stock: 40 }]);
    // One row per product and center.
    await expect(
      database.db.execute(sql`
        insert into quotas (product_id, center_id, stock)
        select product_id, center_id, 1 from quotas where stock = 40`),
    ).rejects.toThrow();
    // A transfer names two different centers and more than nothing.
    await expect(
      database.db.execute(sql`
        insert into stock_transfers (from_center_id, to_center_id, product_id, quantity)
        select first_center_id(), first_center_id(), id, 1 from products limit 1`),
    ).rejects.toThrow();
  });
});
