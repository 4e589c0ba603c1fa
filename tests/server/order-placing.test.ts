import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lagosDateKey } from '../../src/domain/format';
import { newOrderInputSchema } from '../../src/domain/schemas/order';
import { createEstimateMaps } from '../../src/server/integrations/maps/adapter';
import { priceOrder } from '../../src/server/modules/order/pricing';
import { createOrder } from '../../src/server/modules/order/service';
import { orders } from '../../src/server/modules/order/tables';
import { products } from '../../src/server/modules/product/tables';
import { quotas } from '../../src/server/modules/quota/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';
import { callBetweenLocks } from './support/lock-order';

// The daily limit counted on the quota row (migration 0018), and an order placed in one statement.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (where the races are real).

let app: FastifyInstance;
let client: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  app = await buildTestApp({ countQueries: true });
  client = await signInAs(app, '08010000002');
  cat = await catalogue(app);
});
afterAll(async () => {
  await app.close();
});

const gasOrder = (kg: number) => ({
  type: 'Gas',
  items: [{ productId: cat.gas.id, quantity: kg, sizeKg: 25 }],
  deliveryOption: 'PickerUP',
});
const place = (payload: unknown, who = client) =>
  injectAs(app, who, { method: 'POST', url: '/api/order/new', payload: payload as Record<string, unknown> });
const gasQuota = async () => (await app.db.select().from(quotas).where(eq(quotas.productId, cat.gas.id)))[0];
const available = async () =>
  (await injectAs(app, client, { method: 'GET', url: `/api/product/${cat.gas.id}` })).json().available as number | null;

describe('the daily limit, counted under the quota row', () => {
  const noGasQuota = async () => {
    await app.db.delete(quotas).where(eq(quotas.productId, cat.gas.id));
  };
  beforeEach(noGasQuota);
  afterAll(noGasQuota);

  it("counts the day's standing orders when a quota is created during the day", async () => {
    const a = await place(gasOrder(4));
    const b = await place(gasOrder(3));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    await injectAs(app, client, { method: 'GET', url: `/api/order/cancel/${b.json().id}` });
    const before = Number(
      (
        await app.db.execute<{ kg: number }>(sql`
          select coalesce(sum(i.quantity), 0)::float8 as kg from order_items i join orders o on o.id = i.order_id
          where i.product_id = ${cat.gas.id} and o.status not in ('Cancelled', 'Failed')
            and o.created_at >= ${`${lagosDateKey(new Date())}T00:00:00+01:00`}::timestamptz`)
      ).rows[0]?.kg,
    );
    expect(before).toBeGreaterThanOrEqual(4);
    await app.db.insert(quotas).values({ productId: cat.gas.id, stock: null, dailyLimit: before + 10 });
    expect(await gasQuota()).toMatchObject({ takenDay: lagosDateKey(new Date()), takenToday: before });
    expect(await available()).toBe(10);
  });

  it("gives a cancelled order's share of the day back, and counts only the quota's day", async () => {
    await app.db.insert(quotas).values({ productId: cat.gas.id, stock: 100, dailyLimit: 1000 });
    const start = (await gasQuota())?.takenToday ?? 0;
    const placed = await place(gasOrder(12.5));
    expect(placed.statusCode).toBe(201);
    expect(await gasQuota()).toMatchObject({ stock: 87.5, takenToday: start + 12.5 });
    await injectAs(app, client, { method: 'GET', url: `/api/order/cancel/${placed.json().id}` });
    expect(await gasQuota()).toMatchObject({ stock: 100, takenToday: start });

    // A row still counting yesterday: nothing is taken today, and the next order starts today's count.
    await app.db
      .update(quotas)
      .set({ takenDay: '2020-01-01', takenToday: 999 })
      .where(eq(quotas.productId, cat.gas.id));
    expect(await available()).toBe(100);
    expect((await place(gasOrder(5))).statusCode).toBe(201);
    expect(await gasQuota()).toMatchObject({ takenDay: lagosDateKey(new Date()), takenToday: 5, stock: 95 });
  });

  it('refuses the order past the limit, writing and taking nothing', async () => {
    await app.db.insert(quotas).values({ productId: cat.gas.id, stock: 50, dailyLimit: 0 });
    await app.db
      .update(quotas)
      .set({ dailyLimit: (await gasQuota())?.takenToday ?? 0 })
      .where(eq(quotas.productId, cat.gas.id));
    const [{ n: ordersBefore } = { n: 0 }] = (
      await app.db.execute<{ n: number }>(sql`select count(*)::int as n from ${orders}`)
    ).rows;
    const refused = await place(gasOrder(1));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ additionalInfo: { reason: 'DailyLimitReached', available: 0 } });
    expect(refused.json().message).toMatch(/Today's limit for .* is reached/);
    const [{ n: ordersAfter } = { n: 0 }] = (
      await app.db.execute<{ n: number }>(sql`select count(*)::int as n from ${orders}`)
    ).rows;
    expect(ordersAfter).toBe(ordersBefore);
    expect((await gasQuota())?.stock).toBe(50);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "cancels with placing's lock order, the stock before the client's history, so doing both at once never deadlocks",
    async () => {
      await app.db.insert(quotas).values({ productId: cat.gas.id, stock: 100, dailyLimit: null });
      const placed = await place(gasOrder(2));
      expect(placed.statusCode).toBe(201);
      // Placing an order takes the quota row, then (the orders trigger, at the statement's end)
      // the client's history version.
      const cancelled = await callBetweenLocks(
        app.db,
        (tx) => tx.execute(sql`select 1 from ${quotas} where product_id = ${cat.gas.id} for update`),
        () => injectAs(app, client, { method: 'GET', url: `/api/order/cancel/${placed.json().id}` }),
        (tx) =>
          tx.execute(sql`insert into order_history_versions (client_id, version)
            values (${client.clientId}, nextval('order_history_version_seq'))
            on conflict (client_id) do update set version = excluded.version`),
      );
      expect(cancelled.statusCode).toBe(200);
      expect((await gasQuota())?.stock).toBe(100);
    },
  );

  it('lets racing orders take no more than the limit together', async () => {
    await app.db.insert(quotas).values({ productId: cat.gas.id, stock: null, dailyLimit: null });
    const start = (await gasQuota())?.takenToday ?? 0;
    await app.db
      .update(quotas)
      .set({ dailyLimit: start + 20 })
      .where(eq(quotas.productId, cat.gas.id));
    const clients = await Promise.all(['08030000101', '08030000102', '08030000103'].map((p) => signInAs(app, p)));
    const results = await Promise.all(clients.map((c) => place(gasOrder(8), c)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().additionalInfo).toMatchObject({
      reason: 'DailyLimitReached',
      available: 4,
    });
    expect((await gasQuota())?.takenToday).toBe(start + 16);
  });
});

describe('placing an order', () => {
  it('is one statement for a pickup order once its products were read', async () => {
    const input = {
      type: 'Gas and Product',
      items: [
        { productId: cat.gas.id, quantity: 6, sizeKg: 6 },
        { productId: cat.burner.id, quantity: 1 },
      ],
      deliveryOption: 'PickerUP',
    };
    await createOrder(app.db, client.clientId, input, { legs: app.orderLegs });
    const { result: order, statements } = await app.database.statementsOf(() =>
      createOrder(app.db, client.clientId, input, { legs: app.orderLegs }),
    );
    expect(statements).toBe(1);
    expect(order.items.map((i) => i.productId)).toEqual([cat.gas.id, cat.burner.id]);
    expect(order.total).toBe(Math.round(cat.gas.price * 6) + cat.burner.price);
    // The quote reads the products afresh.
    const quoted = await app.database.statementsOf(() =>
      priceOrder(app.db, newOrderInputSchema.parse(input), createEstimateMaps()),
    );
    expect(quoted.statements).toBe(1);
    const quote = quoted.result;
    expect(quote.total).toBe(order.total);
  });

  it('charges the price of the moment, though the products were read before a price change', async () => {
    const input = { type: 'Product', items: [{ productId: cat.burner.id, quantity: 2 }], deliveryOption: 'PickerUP' };
    const first = await createOrder(app.db, client.clientId, input, { legs: app.orderLegs });
    expect(first.total).toBe(cat.burner.price * 2);
    const newPrice = cat.burner.price + 50_000;
    await app.db.update(products).set({ price: newPrice }).where(eq(products.id, cat.burner.id));
    try {
      const { result: second, statements } = await app.database.statementsOf(() =>
        createOrder(app.db, client.clientId, input, { legs: app.orderLegs }),
      );
      expect(second.total).toBe(newPrice * 2);
      expect(second.items[0]?.unitPrice).toBe(newPrice);
      // Refused by the price check, priced again from the database, placed.
      expect(statements).toBe(3);
      // Taken off sale meanwhile: refused as unavailable, nothing written.
      await app.db.update(products).set({ active: false }).where(eq(products.id, cat.burner.id));
      const before = (await app.db.select({ id: orders.id }).from(orders)).length;
      await expect(createOrder(app.db, client.clientId, input, { legs: app.orderLegs })).rejects.toThrow(
        /not available/,
      );
      expect((await app.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    } finally {
      await app.db
        .update(products)
        .set({ price: cat.burner.price, active: true })
        .where(eq(products.id, cat.burner.id));
    }
  });

  it('names a product renamed at its old price on the orders placed a minute later', async () => {
    const input = { type: 'Product', items: [{ productId: cat.burner.id, quantity: 1 }], deliveryOption: 'PickerUP' };
    await createOrder(app.db, client.clientId, input, { legs: app.orderLegs });
    await app.db.update(products).set({ name: 'Single-ring burner' }).where(eq(products.id, cat.burner.id));
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const later = await createOrder(app.db, client.clientId, input, { legs: app.orderLegs });
      expect(later.items[0]?.name).toBe('Single-ring burner');
      expect(later.total).toBe(cat.burner.price);
    } finally {
      vi.useRealTimers();
      await app.db.update(products).set({ name: cat.burner.name }).where(eq(products.id, cat.burner.id));
    }
  });
});

describe('orders of many clients placed at the same moment', () => {
  const noGasQuota = async () => {
    await app.db.delete(quotas).where(eq(quotas.productId, cat.gas.id));
  };
  beforeEach(noGasQuota);
  afterAll(noGasQuota);
  const someClients = (n: number, from: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => signInAs(app, `0803100${String(from + i).padStart(4, '0')}`)));

  it("writes them in one statement, each order its own client's with its own lines, and takes their stock together", async () => {
    await app.db.insert(quotas).values({ productId: cat.gas.id, stock: 1000, dailyLimit: null });
    const clients = await someClients(8, 0);
    // Each client a different amount, so a line given to the wrong order shows.
    const kgs = clients.map((_, i) => i + 1);
    await place(gasOrder(1), clients[0]); // the products are read once, then remembered
    // Each session is checked once, then known.
    for (const c of clients) await injectAs(app, c, { method: 'GET', url: '/api/order/client' });
    const { result: results, statements } = await app.database.statementsOf(() =>
      Promise.all(clients.map((c, i) => place(gasOrder(kgs[i] as number), c))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(clients.map(() => 201));
    expect(statements).toBe(1);
    const placed = results.map((r) => r.json());
    expect(new Set(placed.map((o) => o.orderNumber)).size).toBe(clients.length);
    placed.forEach((order, i) => {
      expect(order.items).toHaveLength(1);
      expect(order.items[0].quantity).toBe(kgs[i]);
      expect(order.total).toBe(Math.round(cat.gas.price * (kgs[i] as number)));
      expect(order.status).toBe('Not Paid');
    });
    // Each order is its client's: their own history lists it.
    for (const [i, c] of clients.entries()) {
      const history = await injectAs(app, c, { method: 'GET', url: '/api/order/client' });
      expect(history.json().orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain(placed[i].orderNumber);
    }
    const taken = kgs.reduce((sum, kg) => sum + kg, 0);
    expect((await gasQuota())?.stock).toBe(1000 - 1 - taken);
  });

  it('places them one by one when the stock cannot take them all, refusing only those it cannot', async () => {
    await app.db.insert(quotas).values({ productId: cat.gas.id, stock: 20, dailyLimit: null });
    const clients = await someClients(3, 20);
    const results = await Promise.all(clients.map((c) => place(gasOrder(8), c)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().additionalInfo).toMatchObject({
      reason: 'QuotaExceeded',
      available: 4,
    });
    expect((await gasQuota())?.stock).toBe(4);
    const [{ n } = { n: 0 }] = (
      await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${orders} where client_id in ${clients.map((c) => c.clientId)}`,
      )
    ).rows;
    expect(n).toBe(2);
  });
});
