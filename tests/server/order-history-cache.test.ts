// The order history's pages kept in memory (order/history-cache.ts): a repeat read costs one
// primary-key read, and any write to the client's orders that the history shows (through the
// app, another instance, or straight in the database) is in the next page read, never an old copy.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientOrderPage } from '../../src/domain/schemas/order';
import { type Database, openDatabase } from '../../src/server/db/client';
import { historyPages } from '../../src/server/modules/order/history-cache';
import {
  buildTestApp,
  createFreshDatabase,
  injectAs,
  postgresReachable,
  type Session,
  signInAs,
} from '../../src/server/test-utils/test-app';

const POSTGRES_SERVER = process.env.TEST_DATABASE_URL;

let app: FastifyInstance;
let client: Session;

async function insertOrders(
  db: Database['db'],
  clientId: string,
  tag: string,
  count: number,
  from = '2026-02-01 10:00:00+00',
) {
  await db.execute(sql`
    insert into orders (order_number, order_payment_number, client_id, type, status, delivery_option,
      subtotal, total, pickup_code, created_at, updated_at)
    select 'H' || ${tag} || '-' || g, 'HP' || ${tag} || '-' || g, ${clientId}::uuid, 'Product', 'Not Paid', 'PickerUP',
      100 * g, 100 * g, 'H' || ${tag} || g,
      ${from}::timestamptz + g * interval '1 second', ${from}::timestamptz
    from generate_series(1, ${count}::int) g`);
}

const page = async (session: Session, query = 'pageSize=5') => {
  const res = await injectAs(app, session, { method: 'GET', url: `/api/order/client?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ClientOrderPage;
};

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08035550001');
  await insertOrders(app.db, client.clientId, 'A', 8);
});
afterAll(async () => {
  await app.close();
});

describe('the order history kept in memory', () => {
  it('shows a change made straight in the database on the next read', async () => {
    const first = await page(client);
    expect(first.orders.map((o) => o.status)).toEqual(Array(5).fill('Not Paid'));
    const newest = first.orders[0]?.orderNumber as string;
    await app.db.execute(
      sql`update orders set status = 'Paid', payment_status = 'success' where order_number = ${newest}`,
    );
    const second = await page(client);
    expect(second.orders[0]).toMatchObject({ orderNumber: newest, status: 'Paid', paymentStatus: 'success' });
  });

  it('shows an order placed and one removed, on every page shape', async () => {
    const later = await page(client, 'pageSize=3&status=Not%20Paid');
    await insertOrders(app.db, client.clientId, 'B', 1, '2026-03-01 10:00:00+00');
    const withNew = await page(client, 'pageSize=3&status=Not%20Paid');
    expect(withNew.orders[0]?.orderNumber).toBe('HB-1');
    expect(withNew.orders.slice(1)).toEqual(later.orders.slice(0, 2));
    await app.db.execute(sql`delete from orders where order_number = 'HB-1'`);
    expect(await page(client, 'pageSize=3&status=Not%20Paid')).toEqual(later);
  });

  it("keeps the client's version when a field the history does not show changes", async () => {
    const version = async () =>
      (
        await app.db.execute<{ version: string }>(
          sql`select version::text as version from order_history_versions where client_id = ${client.clientId}::uuid`,
        )
      ).rows[0]?.version;
    const before = await version();
    expect(before).toEqual(expect.any(String));
    await app.db.execute(sql`update orders set nominee_name = 'Ada' where client_id = ${client.clientId}::uuid`);
    expect(await version()).toBe(before);
    await app.db.execute(sql`update orders set total = total + 1 where order_number = 'HA-1'`);
    expect(await version()).not.toBe(before);
  });

  it("never answers one client's pages to another", async () => {
    const other = await signInAs(app, '08035550002');
    await page(client);
    expect((await page(other)).orders).toEqual([]);
    await insertOrders(app.db, other.clientId, 'C', 2);
    expect((await page(other)).orders.map((o) => o.orderNumber)).toEqual(['HC-2', 'HC-1']);
    expect((await page(client)).orders.every((o) => o.orderNumber.startsWith('HA'))).toBe(true);
  });
});

describe('what a kept page costs, and what is kept', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let clientIds: string[] = [];

  beforeAll(async () => {
    let url: string | undefined;
    if (POSTGRES_SERVER) {
      const fresh = await createFreshDatabase(POSTGRES_SERVER, 'arrive_history');
      url = fresh.url;
      drop = fresh.drop;
    }
    database = await openDatabase({ url, countQueries: true });
    await database.migrate();
    const made = await database.db.execute<{ id: string }>(sql`
      insert into clients (phone_local, phone_international, is_verified)
      select '0809000000' || g, '+234809000000' || g, true from generate_series(1, 3) g returning id`);
    clientIds = made.rows.map((r) => r.id);
    for (const [i, id] of clientIds.entries()) await insertOrders(database.db, id, `K${i}`, 30);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('answers a repeat read with one primary-key read, and the same text', async () => {
    const pages = historyPages(database.db);
    const id = clientIds[0] as string;
    const query = { pageSize: 20 };
    const first = await pages.read(id, query);
    const q0 = database.queryCount();
    const again = await pages.read(id, query);
    expect(database.queryCount() - q0).toBe(1);
    expect(again).toBe(first);
    // A page not read yet at this version: the version read, then the page.
    const q1 = database.queryCount();
    await pages.read(id, { pageSize: 5 });
    expect(database.queryCount() - q1).toBe(2);
  });

  it('reads the versions of the requests that wait together in one statement, each answered its own', async () => {
    const pages = historyPages(database.db);
    const query = { pageSize: 4 };
    const alone = new Map<string, string>();
    for (const id of clientIds) alone.set(id, await pages.read(id, query));
    const q0 = database.queryCount();
    const reads = clientIds.flatMap((id) =>
      Array.from({ length: 10 }, () => pages.read(id, query).then((b) => [id, b])),
    );
    const answers = await Promise.all(reads);
    for (const [id, body] of answers) expect(body).toBe(alone.get(id as string));
    // 30 requests asked at once: one statement.
    expect(database.queryCount() - q0).toBe(1);
    // A change to one client is in that client's next page, and only there.
    const [changed, same] = clientIds as [string, string];
    await database.db.execute(
      sql`update orders set status = 'Paid' where client_id = ${changed}::uuid and order_number like '%-30'`,
    );
    const [after, unchanged] = await Promise.all([pages.read(changed, query), pages.read(same, query)]);
    expect(after).not.toBe(alone.get(changed));
    expect(JSON.parse(after).orders[0].status).toBe('Paid');
    expect(unchanged).toBe(alone.get(same));
  });

  it('asks for at most 500 clients in one statement, and answers every waiting request', async () => {
    const pages = historyPages(database.db);
    const id = clientIds[0] as string;
    const page = await pages.read(id, { pageSize: 3 });
    // Clients who never ordered: each a miss after its version read, but the reads come first.
    const strangers = Array.from({ length: 1200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const s of strangers) await pages.read(s, { pageSize: 3 });
    const q0 = database.queryCount();
    const answers = await Promise.all([id, ...strangers].map((c) => pages.read(c, { pageSize: 3 })));
    expect(answers[0]).toBe(page);
    expect(answers.slice(1).every((a) => JSON.parse(a).orders.length === 0)).toBe(true);
    // All 1,201 asked before the first statement went out: 500, 500 and 201.
    expect(database.queryCount() - q0).toBe(3);
  });

  it('lets the least recently read clients go when the pages outgrow their room', async () => {
    const [a, b, c] = clientIds as [string, string, string];
    const probe = historyPages(database.db);
    const one = (await probe.read(a, { pageSize: 20 })).length;
    // Room for two clients' pages, not three.
    const pages = historyPages(database.db, { maxChars: 2 * (one + 200) + 50 });
    await pages.read(a, { pageSize: 20 });
    await pages.read(b, { pageSize: 20 });
    await pages.read(a, { pageSize: 20 }); // a is now the most recent
    await pages.read(c, { pageSize: 20 }); // b leaves
    expect(pages.size().clients).toBe(2);
    expect(pages.size().chars).toBeLessThanOrEqual(2 * (one + 200) + 50);
    const q0 = database.queryCount();
    await pages.read(a, { pageSize: 20 });
    expect(database.queryCount() - q0).toBe(1);
    const q1 = database.queryCount();
    await pages.read(b, { pageSize: 20 });
    expect(database.queryCount() - q1).toBe(1); // not kept: the page's own statement
  });
});

describe('two instances on one PostgreSQL database', () => {
  let instances: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  let reachable = false;

  beforeAll(async () => {
    reachable = Boolean(POSTGRES_SERVER) && (await postgresReachable(POSTGRES_SERVER as string));
    if (!reachable) return;
    const fresh = await createFreshDatabase(POSTGRES_SERVER as string, 'arrive_history_two');
    drop = fresh.drop;
    for (let i = 0; i < 2; i++) instances.push(await buildTestApp({ databaseUrl: fresh.url }));
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    instances = [];
    await drop?.();
  });

  it('shows on one instance an order cancelled through the other, at once', async (context) => {
    if (!reachable) context.skip();
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const session = await signInAs(a, '08035550009');
    await insertOrders(a.db, session.clientId, 'T', 3);
    const read = async () =>
      (await injectAs(a, session, { method: 'GET', url: '/api/order/client?pageSize=5' })).json() as ClientOrderPage;
    const before = await read();
    expect(before.orders[0]?.status).toBe('Not Paid');
    const cancelled = await injectAs(b, session, {
      method: 'POST',
      url: `/api/order/cancel/${before.orders[0]?.id}`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await read()).orders[0]).toMatchObject({ id: before.orders[0]?.id, status: 'Cancelled' });
  });
});
