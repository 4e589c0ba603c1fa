// The order history read by cursor (keyset): a stable order, no order twice and none skipped
// across pages even while new orders arrive, any page as cheap as the first, a bad cursor refused.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ORDER_COUNT_CAP, type ClientOrderPage, clientOrderPageSchema } from '../../src/domain/schemas/order';
import { createOrder, listClientOrders } from '../../src/server/modules/order/service';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let owner: Session;
let other: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;

/**
 * `count` orders for a client, straight in the table: many share one creation time (a tie only
 * the id breaks) and many differ by a microsecond only (which a millisecond cursor would lose).
 */
async function insertOrders(clientId: string, tag: string, count: number, status = 'Not Paid') {
  await app.db.execute(sql`
    insert into orders (order_number, order_payment_number, client_id, type, status, delivery_option,
      subtotal, total, pickup_code, created_at, updated_at)
    select 'T' || ${tag} || '-' || g, 'TP' || ${tag} || '-' || g, ${clientId}::uuid, 'Product', ${status}, 'PickerUP',
      100 * g, 100 * g, 'T' || ${tag} || g,
      timestamptz '2026-01-01 10:00:00+00' + (g / 4) * interval '1 microsecond',
      timestamptz '2026-01-01 10:00:00+00'
    from generate_series(1, ${count}::int) g`);
}

/** The client's order numbers in the order the history must list them, read straight from the table. */
async function expectedOrder(clientId: string, status?: string): Promise<string[]> {
  const result = await app.db.execute<{ order_number: string }>(sql`
    select order_number from orders
    where client_id = ${clientId}::uuid ${status ? sql`and status = ${status}` : sql``}
    order by created_at desc, id desc`);
  return result.rows.map((r) => r.order_number);
}

const list = async (session: Session, query: string) => {
  const res = await injectAs(app, session, { method: 'GET', url: `/api/order/client?${query}` });
  return { status: res.statusCode, body: res.json() as ClientOrderPage & { type?: string; message?: string } };
};

/** Follows nextCursor to the end; calls `between` after each page. */
async function walk(session: Session, query: string, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 200; page++) {
    const { status, body } = await list(session, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(status).toBe(200);
    expect(body.total).toBeUndefined();
    seen.push(...body.orders.map((o) => o.orderNumber));
    cursor = body.nextCursor;
    if (!cursor) return seen;
    await between?.(page);
  }
  throw new Error('the cursor never ended');
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signInAs(app, '08031112222');
  other = await signInAs(app, '08031113333');
  cat = await catalogue(app);
  await insertOrders(owner.clientId, 'A', 45);
  await insertOrders(owner.clientId, 'P', 7, 'Paid');
  await insertOrders(other.clientId, 'Z', 10);
});
afterAll(async () => {
  await app.close();
});

describe('the order history by cursor', () => {
  it('lists every order once, newest first, ties broken by id, microseconds kept', async () => {
    const expected = await expectedOrder(owner.clientId);
    expect(expected).toHaveLength(52);
    const seen = await walk(owner, 'pageSize=5');
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers only what the list shows, with the line count and the center', async () => {
    const placed = await createOrder(
      app.db,
      other.clientId,
      { type: 'Product', items: [{ productId: cat.burner.id, quantity: 2 }], deliveryOption: 'PickerUP' },
      { legs: app.orderLegs },
    );
    const { body } = await list(other, 'pageSize=1');
    expect(body.orders).toEqual([
      {
        id: placed.id,
        orderNumber: placed.orderNumber,
        type: 'Product',
        status: 'Not Paid',
        paymentStatus: 'pending',
        paymentType: null,
        deliveryOption: 'PickerUP',
        centerId: placed.centerId,
        centerName: 'Arrive Gas Center',
        total: placed.total,
        itemCount: 1,
        createdAt: placed.createdAt,
      },
    ]);
    expect(body.nextCursor).toEqual(expect.any(String));
  });

  it('sends each page as PostgreSQL wrote it, equal to the page the service builds as an object', async () => {
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const query = { pageSize: 7, status: page % 2 ? undefined : ('Not Paid' as const), cursor };
      const res = await injectAs(app, owner, {
        method: 'GET',
        url: `/api/order/client?pageSize=7${query.status ? '&status=Not%20Paid' : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const sent = clientOrderPageSchema.strict().parse(res.json());
      expect(sent).toEqual(await listClientOrders(app.db, owner.clientId, query));
      expect(sent.orders).toHaveLength(7);
      cursor = sent.nextCursor ?? undefined;
    }
  });

  it('skips nothing and repeats nothing while new orders arrive between pages', async () => {
    const before = await expectedOrder(owner.clientId);
    const arrived: string[] = [];
    const seen = await walk(owner, 'pageSize=4', async (page) => {
      if (page > 3) return;
      const order = await createOrder(
        app.db,
        owner.clientId,
        { type: 'Product', items: [{ productId: cat.burner.id, quantity: 1 }], deliveryOption: 'PickerUP' },
        { legs: app.orderLegs },
      );
      arrived.push(order.orderNumber);
    });
    // The walk began before they arrived: it lists exactly the orders there were, in order.
    expect(seen).toEqual(before);
    expect(arrived).toHaveLength(3);
    // A new walk starts with them.
    const again = await list(owner, 'pageSize=3');
    expect(again.body.orders.map((o) => o.orderNumber)).toEqual([...arrived].reverse());
  });

  it('pages a status filter by cursor too', async () => {
    expect(await walk(owner, 'status=Paid&pageSize=2')).toEqual(await expectedOrder(owner.clientId, 'Paid'));
  });

  it("never shows another client's orders, whatever the cursor", async () => {
    const first = await list(owner, 'pageSize=2');
    const cursor = first.body.nextCursor as string;
    const theirs = await list(other, `pageSize=50&cursor=${encodeURIComponent(cursor)}`);
    expect(theirs.status).toBe(200);
    for (const o of theirs.body.orders) expect(o.orderNumber.startsWith('TA')).toBe(false);
  });

  it('refuses a cursor that is not one with a clear 400', async () => {
    const forged = Buffer.from('12.not-an-id').toString('base64url');
    for (const cursor of ['garbage!', forged, Buffer.from("1'; drop table orders").toString('base64url')]) {
      const { status, body } = await list(owner, `cursor=${encodeURIComponent(cursor)}`);
      expect(status).toBe(400);
      expect(body.type).toBe('InvalidInput');
      expect(body.message).toMatch(/list position is not valid/);
    }
  });

  it('still serves numbered pages, with a count capped at the cap', async () => {
    const bulk = await signInAs(app, '08031114444');
    await insertOrders(bulk.clientId, 'C', CLIENT_ORDER_COUNT_CAP + 5);
    const page1 = await list(bulk, 'page=1&pageSize=10');
    expect(page1.body).toMatchObject({ page: 1, pageSize: 10, total: CLIENT_ORDER_COUNT_CAP, totalIsCapped: true });
    const page3 = await list(bulk, 'page=3&pageSize=10');
    const expected = await expectedOrder(bulk.clientId);
    expect(page3.body.orders.map((o) => o.orderNumber)).toEqual(expected.slice(20, 30));
    // The cursor of a numbered page continues where it ends.
    const next = await list(bulk, `pageSize=10&cursor=${encodeURIComponent(page3.body.nextCursor as string)}`);
    expect(next.body.orders.map((o) => o.orderNumber)).toEqual(expected.slice(30, 40));
    const small = await list(owner, 'page=1&pageSize=5&status=Paid');
    expect(small.body).toMatchObject({ total: 7, totalIsCapped: false });
  });
});
