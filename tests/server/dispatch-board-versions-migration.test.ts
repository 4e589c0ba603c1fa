// Migration 0031 (the dispatch boards' versions) on an installation that already has deliveries:
// the database is migrated up to 0030 as such an installation is, given centers, staff, shifts,
// orders and a delivery through SQL, then migrated as a server start does. No version has moved
// then; afterwards each write a board shows moves the counter of the center whose board it is
// (the nil center's: every board's), once per transaction, as it commits, and nothing else does.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { type InstallationBefore, installationBefore } from './support/installation-before';

let installation: InstallationBefore;
let database: Database;
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => installation.rows<T>(query);
const run = (query: ReturnType<typeof sql>) => database.db.execute(query);

const EVERY = '00000000-0000-0000-0000-000000000000';
let first = '';
let lekki = '';
/** The centers by a name a reader can follow in the expectations. */
const nameOf = (center: string) =>
  center === first ? 'first' : center === lekki ? 'lekki' : center === EVERY ? 'every' : center;

async function versions(): Promise<Map<string, number>> {
  const found = await rows<{ center_id: string; version: string }>(
    sql`select center_id::text as center_id, version::text as version from dispatch_board_versions`,
  );
  return new Map(found.map((r) => [r.center_id, Number(r.version)]));
}

/** The boards `write` moved, each with how far (a transaction moves a board once). */
async function moved(write: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await versions();
  await write();
  const after = await versions();
  const out: Record<string, number> = {};
  for (const [center, version] of after) {
    const by = version - (before.get(center) ?? 0);
    if (by !== 0) out[nameOf(center)] = by;
  }
  return out;
}

beforeAll(async () => {
  installation = await installationBefore('0031_dispatch_board_versions');
  database = installation.database;
  await run(sql`insert into centers (name, address, lat, lng) values ('Arrive Lekki', 'Admiralty Way', 6.44, 3.47)`);
  [first, lekki] = (await rows<{ id: string }>(sql`select id::text as id from centers order by created_at, id`)).map(
    (r) => r.id,
  ) as [string, string];
  await run(sql`
    insert into clients (phone_local, phone_international, firstname, is_verified) values
      ('08020000001', '2348020000001', 'Ada', true),
      ('08020000002', '2348020000002', 'Tunde', true),
      ('08020000003', '2348020000003', 'Chidi', true),
      ('08020000004', '2348020000004', 'Femi', true)`);
  await run(sql`
    insert into staff (client_id, role, access)
    select id, 'Delivery Person', array['Staff'] from clients where phone_local = '08020000002'`);
  await run(sql`
    insert into staff_centers (staff_id, center_id) select s.id, ${first}::uuid from staff s`);
  await run(sql`insert into shifts (staff_id, center_id) select s.id, ${first}::uuid from staff s`);
  await run(sql`insert into products (type, name, price) values ('Gas', 'Cooking gas (LPG) refill', 125000)`);
  await run(sql`
    insert into orders (order_number, order_payment_number, client_id, center_id, type, status, delivery_option,
      delivery_address, subtotal, delivery_fee, total, pickup_code)
    select n, 'PAY-' || n, c.id, ${first}::uuid, 'Gas', 'Not Paid', opt,
      case when opt = 'HomeDelivery' then '{"line1":"12 Herbert Macaulay Way","city":"Yaba","state":"Lagos"}'::jsonb end,
      625000, 0, 625000, 'PC' || n
    from clients c, (values ('HD-1', 'HomeDelivery'), ('HD-2', 'HomeDelivery'), ('PU-1', 'PickerUP')) as o(n, opt)
    where c.phone_local = '08020000001'`);
  await run(sql`
    insert into deliveries (order_id, client_id, status, address, fee)
    select o.id, o.client_id, 'Pending', o.delivery_address, 0 from orders o where o.delivery_option = 'HomeDelivery'`);
  await database.migrate();
});
afterAll(async () => {
  await installation?.close();
});

const delivery = `(select d.id from deliveries d join orders o on o.id = d.order_id where o.order_number = 'HD-1')`;

describe('migration 0031 on an installation with deliveries', () => {
  it('adds the versions with none moved', async () => {
    expect(await versions()).toEqual(new Map());
    expect(await rows(sql`select count(*)::int as n from deliveries`)).toEqual([{ n: 2 }]);
  });

  it("moves the board of each write's center, and every board for the staff and the names shown", async () => {
    expect(await moved(() => run(sql`update deliveries set note = 'Gate 2' where id = ${sql.raw(delivery)}`))).toEqual({
      first: 1,
    });
    expect(
      await moved(() =>
        run(sql`insert into delivery_steps (delivery_id, status) select ${sql.raw(delivery)}, 'Pending'`),
      ),
    ).toEqual({ first: 1 });
    expect(await moved(() => run(sql`update orders set status = 'Paid' where order_number = 'HD-1'`))).toEqual({
      first: 1,
    });
    // A move takes the delivery off one board and onto the other.
    expect(
      await moved(() => run(sql`update orders set center_id = ${lekki}::uuid where order_number = 'HD-1'`)),
    ).toEqual({ first: 1, lekki: 1 });
    // Assigned: its center's board, and every board of the rider's centers (their load).
    expect(
      await moved(() =>
        run(sql`update deliveries set status = 'Accepted',
          carrier_client_id = (select id from clients where phone_local = '08020000002')
          where id = ${sql.raw(delivery)}`),
      ),
    ).toEqual({ first: 1, lekki: 1 });
    // The rider's shift ends, and another starts.
    expect(await moved(() => run(sql`update shifts set ended_at = now() where ended_at is null`))).toEqual({
      first: 1,
    });
    expect(await moved(() => run(sql`insert into shifts (staff_id) select id from staff`))).toEqual({ first: 1 });
    // A rider added, and listed at a center: the staff change every board.
    expect(
      await moved(() =>
        run(sql`insert into staff (client_id, role, access)
          select id, 'Delivery Person', array['Staff'] from clients where phone_local = '08020000004'`),
      ),
    ).toEqual({ every: 1 });
    expect(
      await moved(() =>
        run(sql`insert into staff_centers (staff_id, center_id)
          select s.id, ${lekki}::uuid from staff s join clients c on c.id = s.client_id where c.phone_local = '08020000004'`),
      ),
    ).toEqual({ every: 1 });
    // A name shown: the client of a delivery, a rider.
    expect(
      await moved(() => run(sql`update clients set firstname = 'Adaeze' where phone_local = '08020000001'`)),
    ).toEqual({ every: 1 });
    expect(
      await moved(() => run(sql`update clients set lastname = 'Bello' where phone_local = '08020000004'`)),
    ).toEqual({ every: 1 });
    expect(await moved(() => run(sql`update products set type = 'Gas'`))).toEqual({});
    expect(await moved(() => run(sql`update products set type = 'Burner'`))).toEqual({ every: 1 });
  });

  it('leaves the versions alone for what no board shows', async () => {
    expect(
      await moved(async () => {
        // A pickup order paid, a field no card shows, a client on no board renamed, a drawer counted.
        await run(sql`update orders set status = 'Paid' where order_number = 'PU-1'`);
        await run(sql`update orders set nominee_name = 'Bisi' where order_number = 'HD-1'`);
        await run(sql`update clients set firstname = 'Chinedu' where phone_local = '08020000003'`);
        await run(sql`update shifts set closing_cash = 100 where ended_at is not null`);
      }),
    ).toEqual({});
  });

  it('moves a board once per transaction, as it commits, and not at all when it rolls back', async () => {
    expect(
      await moved(() =>
        database.db.transaction(async (tx) => {
          const inside = async () =>
            (
              await tx.execute<{ n: string }>(
                sql`select coalesce(sum(version), 0)::text as n from dispatch_board_versions`,
              )
            ).rows[0]?.n;
          const before = await inside();
          // Collected: the delivery's board, and the rider's (their load), each once.
          await tx.execute(
            sql`update deliveries set note = 'Gate 3', status = 'CarrierPickup' where id = ${sql.raw(delivery)}`,
          );
          await tx.execute(
            sql`insert into delivery_steps (delivery_id, status) select ${sql.raw(delivery)}, 'CarrierPickup'`,
          );
          await tx.execute(sql`update orders set status = 'Delivered' where order_number = 'HD-1'`);
          // Not before the commit: the rows are locked for the commit alone.
          expect(await inside()).toBe(before);
        }),
      ),
    ).toEqual({ lekki: 1, first: 1 });
    expect(
      await moved(() =>
        database.db
          .transaction(async (tx) => {
            await tx.execute(sql`update deliveries set note = 'Gate 4' where id = ${sql.raw(delivery)}`);
            tx.rollback();
          })
          .catch(() => {}),
      ),
    ).toEqual({});
  });

  it('holds no version while the transaction runs, so no other lock waits behind one (PostgreSQL)', async (context) => {
    if (database.kind !== 'postgres') context.skip();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update deliveries set note = 'Gate 5' where id = ${sql.raw(delivery)}`);
      // Another session takes the board's row at once: the transaction will lock it as it commits.
      const other = await database.db.execute(
        sql`select version from dispatch_board_versions where center_id = ${lekki}::uuid for update nowait`,
      );
      expect(other.rows).toHaveLength(1);
    });
  });

  it('moves every board for a delivery whose order is removed with it', async () => {
    expect(await moved(() => run(sql`delete from orders where order_number = 'HD-2'`))).toEqual({ every: 1 });
  });
});
