// Migration 0030 (a history of each center's own price) on an installation that already has prices:
// the database is migrated up to 0029 as such an installation is, given products, company price
// changes (catalogue versions) and center prices through SQL, then migrated as a server start does
// (only 0030 is left to run). No history row is added or changed and the catalogue version stays;
// a center's price set before held from always until its first change, which is then a version.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { currentPriceVersion, pricesAt } from '../../src/server/modules/product/catalogue';
import { type InstallationBefore, installationBefore } from './support/installation-before';

let installation: InstallationBefore;
let database: Database;
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => installation.rows<T>(query);
const snapshot = (table: string, without: string[] = []) => installation.snapshot(table, without);

beforeAll(async () => {
  installation = await installationBefore('0030_center_price_history');
  database = installation.database;
});
afterAll(async () => {
  await installation?.close();
});

const LONG_AGO = new Date('2020-01-01T00:00:00Z');

describe('migration 0030 on an installation with center prices', () => {
  it("keeps the history and the version, and a center's price set before holds from always", async () => {
    await database.db.execute(sql`
      insert into products (type, name, price) values
        ('Burner', 'Single gas burner', 1800000),
        ('GasStove', 'Standing gas cooker', 26500000)`);
    // Two company price changes of the burner: versions 1 and 2.
    await database.db.execute(sql`
      insert into product_price_history (product_id, old_price, new_price, reason)
      select id, 1700000, 1750000, 'Depot price' from products where name = 'Single gas burner'`);
    await database.db.execute(sql`
      insert into product_price_history (product_id, old_price, new_price)
      select id, 1750000, 1800000 from products where name = 'Single gas burner'`);
    await database.db.execute(sql`
      insert into center_prices (center_id, product_id, price)
      select first_center_id(), id, 1950000 from products where name = 'Single gas burner'`);
    const history = await snapshot('product_price_history');
    const prices = await snapshot('center_prices');
    expect(await currentPriceVersion(database.db)).toBe(2);

    await database.migrate();

    expect(await snapshot('product_price_history', ['center_id'])).toEqual(history);
    expect(await rows(sql`select count(*)::int as n from product_price_history where center_id is not null`)).toEqual([
      { n: 0 },
    ]);
    expect(await snapshot('center_prices')).toEqual(prices);
    expect(await currentPriceVersion(database.db)).toBe(2);

    const [burner] = await rows<{ id: string }>(sql`select id from products where name = 'Single gas burner'`);
    const [center] = await rows<{ id: string }>(sql`select first_center_id() as id`);
    if (!burner || !center) throw new Error('seeded rows missing');
    // The center's price holds at any moment, as long as it has no change; the company's has its own.
    expect((await pricesAt(database.db, [burner.id], LONG_AGO, center.id)).get(burner.id)).toBe(1950000);
    expect((await pricesAt(database.db, [burner.id], LONG_AGO)).get(burner.id)).toBe(1700000);

    // Its first change is the next catalogue version; before it, the price it had.
    await database.db.execute(sql`
      insert into product_price_history (product_id, center_id, old_price, new_price)
      values (${burner.id}, ${center.id}, 1950000, 2000000)`);
    expect(await currentPriceVersion(database.db)).toBe(3);
    expect((await pricesAt(database.db, [burner.id], LONG_AGO, center.id)).get(burner.id)).toBe(1950000);
    expect((await pricesAt(database.db, [burner.id], new Date(Date.now() + 60_000), center.id)).get(burner.id)).toBe(
      2000000,
    );
  });

  it('allows no company price of nothing, and keeps a center while its history names it', async () => {
    const [burner] = await rows<{ id: string }>(sql`select id from products where name = 'Single gas burner'`);
    const [center] = await rows<{ id: string }>(sql`select first_center_id() as id`);
    if (!burner || !center) throw new Error('seeded rows missing');
    const refusal = async (query: ReturnType<typeof sql>) => {
      const error = await database.db.execute(query).then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect(error).not.toBeNull();
      return error;
    };
    expect(
      await refusal(sql`
        insert into product_price_history (product_id, old_price, new_price) values (${burner.id}, 1800000, null)`),
    ).toMatch(/product_price_history_company_price_check/);
    // A center's price removed: null, the company price applies there.
    await database.db.execute(sql`
      insert into product_price_history (product_id, center_id, old_price, new_price)
      values (${burner.id}, ${center.id}, 2000000, null)`);
    expect((await pricesAt(database.db, [burner.id], new Date(Date.now() + 60_000), center.id)).get(burner.id)).toBe(
      1800000,
    );
    expect(await refusal(sql`delete from centers where id = ${center.id}`)).toMatch(
      /product_price_history_center_id_centers_id_fk/,
    );
  });
});
