// Migration 0027 (gas centers) on an installation that already has data: the database is migrated
// up to 0026 as such an installation is, filled with staff, shifts, orders and their lines through
// SQL, then migrated as a server start does (only 0027 is left to run). Nothing is lost or
// changed, and everything belongs to the first center, the one the installation always had.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { type InstallationBefore, installationBefore } from './support/installation-before';

let installation: InstallationBefore;
let database: Database;
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => installation.rows<T>(query);
const snapshot = (table: string, without: string[] = []) => installation.snapshot(table, without);

beforeAll(async () => {
  installation = await installationBefore('0027_centers');
  database = installation.database;
});
afterAll(async () => {
  await installation?.close();
});

describe('migration 0027 on an installation with data', () => {
  it('keeps every row, and puts the staff, the shifts and the orders at the first center', async () => {
    expect(await rows(sql`select to_regclass('centers') as t`)).toEqual([{ t: null }]);

    // An installation of yesterday: clients, three staff members, shifts open and ended, orders
    // collected and delivered, with their lines.
    await database.db.execute(sql`
      insert into clients (phone_local, phone_international, firstname, is_verified) values
        ('08020000001', '2348020000001', 'Ada', true),
        ('08020000002', '2348020000002', 'Bola', true),
        ('08020000003', '2348020000003', 'Chidi', true),
        ('08020000004', '2348020000004', null, false)`);
    await database.db.execute(sql`
      insert into staff (client_id, role, access, is_current_staff)
      select id, r.role, r.access, r.current
      from clients c join (values
        ('08020000001', 'CEO', array['CEO'], true),
        ('08020000002', 'Sales Associate', array['Staff'], true),
        ('08020000003', 'Delivery Person', array['Staff'], false)) as r(phone, role, access, current)
        on r.phone = c.phone_local`);
    await database.db.execute(sql`
      insert into shifts (staff_id, started_at, ended_at, opening_float, closing_cash, expected_cash)
      select s.id, now() - interval '2 days', now() - interval '47 hours', 500000, 520000, 520000
      from staff s where s.role = 'Sales Associate'
      union all
      select s.id, now() - interval '1 hour', null, 100000, null, null from staff s where s.role = 'Sales Associate'
      union all
      select s.id, now() - interval '3 days', now() - interval '70 hours', 0, 0, 0 from staff s where s.role = 'Delivery Person'`);
    await database.db.execute(sql`
      insert into products (type, name, price) values ('Gas', 'Cooking gas (LPG) refill', 125000)`);
    await database.db.execute(sql`
      insert into orders (order_number, order_payment_number, client_id, type, status, payment_status, payment_type,
        delivery_option, delivery_address, subtotal, delivery_fee, total, pickup_code, paid_at)
      select 'ARV-' || n, 'PAY-' || n, c.id, 'Gas', st, ps, pt, opt,
        case when opt = 'HomeDelivery' then '{"line1":"12 Herbert Macaulay Way","city":"Yaba","state":"Lagos"}'::jsonb end,
        625000, fee, 625000 + fee, 'PC' || n, case when ps = 'success' then now() end
      from clients c join (values
        ('08020000004', 'AAA001', 'Not Paid', 'pending', null, 'PickerUP', 0),
        ('08020000004', 'AAA002', 'Paid', 'success', 'Electronic', 'PickerUP', 0),
        ('08020000004', 'AAA003', 'Paid', 'success', 'Wallet', 'HomeDelivery', 250000),
        ('08020000002', 'AAA004', 'Delivered', 'success', 'Cash', 'PickerUP', 0)) as o(phone, n, st, ps, pt, opt, fee)
        on o.phone = c.phone_local`);
    await database.db.execute(sql`
      insert into order_items (order_id, product_id, name, unit_price, quantity, size_kg, line_total)
      select o.id, p.id, p.name, p.price, 5, 12.5, 625000 from orders o cross join products p`);

    const tables = ['clients', 'staff', 'shifts', 'orders', 'order_items', 'products'];
    const before = new Map<string, Record<string, unknown>[]>();
    for (const table of tables) before.set(table, await snapshot(table));

    // The server starts on the new version: the migrations it finds not applied yet (0027 alone).
    await database.migrate();

    for (const table of tables) {
      expect(await snapshot(table, ['center_id']), table).toEqual(before.get(table));
    }
    const centers = await rows<{ id: string; name: string; address: string; lat: number; lng: number }>(
      sql`select id, name, address, lat, lng, phone, opening_hours from centers`,
    );
    expect(centers).toEqual([
      {
        id: expect.any(String),
        name: 'Arrive Gas Center',
        address: 'Allen Avenue, Ikeja, Lagos',
        lat: 6.6018,
        lng: 3.3515,
        phone: null,
        opening_hours: null,
      },
    ]);
    const firstId = centers[0]?.id;
    const centerOf = async (table: string) =>
      (await rows<{ center_id: string }>(sql.raw(`select distinct center_id from "${table}"`))).map((r) => r.center_id);
    expect(await centerOf('shifts')).toEqual([firstId]);
    expect(await centerOf('orders')).toEqual([firstId]);
    // Every staff member, those who left included, works at the first center.
    const placed = await rows<{ staff: number; at_first: number }>(sql`
      select (select count(*)::int from staff) as staff,
             (select count(*)::int from staff_centers sc where sc.center_id = ${firstId}::uuid
               and exists (select 1 from staff s where s.id = sc.staff_id)) as at_first`);
    expect(placed).toEqual([{ staff: 3, at_first: 3 }]);
    expect(await rows(sql`select count(*)::int as n from staff_centers`)).toEqual([{ n: 3 }]);
  });

  it('gives a row written without a center the first center, and refuses a center that does not exist', async () => {
    const [first] = await rows<{ id: string }>(sql`select first_center_id() as id`);
    await database.db.execute(sql`
      insert into shifts (staff_id) select id from staff where role = 'CEO'`);
    const [shift] = await rows<{ center_id: string }>(sql`
      select center_id from shifts where staff_id = (select id from staff where role = 'CEO')`);
    expect(shift?.center_id).toBe(first?.id);
    // A second center, added later, is not the first.
    await database.db.execute(sql`
      insert into centers (name, address, lat, lng, created_at)
      values ('Arrive Lekki', 'Admiralty Way, Lekki Phase 1, Lagos', 6.4478, 3.4723, now() + interval '1 second')`);
    expect(await rows(sql`select first_center_id() as id`)).toEqual([{ id: first?.id }]);
    await expect(
      database.db.execute(sql`update orders set center_id = gen_random_uuid() where order_number = 'ARV-AAA001'`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into centers (name, address, lat, lng) values ('ARRIVE LEKKI', 'x', 0, 0)`),
    ).rejects.toThrow();
  });
});
