import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/domain/phone';
import type { Order } from '../../src/domain/schemas/order';
import { clients } from '../../src/server/modules/client/tables';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { verifyOrderQrToken } from '../../src/server/modules/order/qr-token';
import { createOrder, findOrderByNumber } from '../../src/server/modules/order/service';
import { orders } from '../../src/server/modules/order/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { expectOwnerOnly } from '../../src/server/test-utils/ownership';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let owner: Session;
let other: Session;
let ceo: Session;
let associate: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;

const burnerOrder = (deliveryOption: 'PickerUP' | 'HomeDelivery' = 'PickerUP') => ({
  type: 'Product' as const,
  items: [{ productId: cat.burner.id, quantity: 1 }],
  deliveryOption,
  ...(deliveryOption === 'HomeDelivery'
    ? { address: { line1: '5 Akin Adesola Street', city: 'Victoria Island', state: 'Lagos' } }
    : {}),
});

async function putOnShift(phone: string) {
  const [row] = await app.db
    .select({ staffId: staff.id })
    .from(staff)
    .innerJoin(clients, eq(clients.id, staff.clientId))
    .where(eq(clients.phoneLocal, normalizePhone(phone).local));
  if (!row) throw new Error(`no staff ${phone}`);
  await app.db.insert(shifts).values({ staffId: row.staffId }).onConflictDoNothing();
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signInAs(app, '08010000002');
  other = await signInAs(app, '08077776666');
  ceo = await signInAs(app, '08010000001');
  associate = await signInAs(app, '08010000003');
  cat = await catalogue(app);
});
afterAll(async () => {
  await app.close();
});

describe('the client order routes', () => {
  let placed: Order[] = [];
  beforeAll(async () => {
    placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(await createOrder(app.db, owner.clientId, burnerOrder(), { legs: app.orderLegs }));
    await createOrder(app.db, other.clientId, burnerOrder(), { legs: app.orderLegs });
  });

  it('lists only the client’s own orders, newest first, with paging and a status filter', async () => {
    const page1 = await injectAs(app, owner, { method: 'GET', url: '/api/order/client?page=1&pageSize=2' });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.total).toBe(3);
    expect(body.orders.map((o: Order) => o.orderNumber)).toEqual([placed[2]?.orderNumber, placed[1]?.orderNumber]);
    const page2 = await injectAs(app, owner, { method: 'GET', url: '/api/order/client?page=2&pageSize=2' });
    expect(page2.json().orders.map((o: Order) => o.orderNumber)).toEqual([placed[0]?.orderNumber]);
    const paid = await injectAs(app, owner, { method: 'GET', url: '/api/order/client?status=Paid' });
    expect(paid.json()).toMatchObject({ orders: [], nextCursor: null });
    const bad = await injectAs(app, owner, { method: 'GET', url: '/api/order/client?status=Shipped' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('InvalidInput');
  });

  it('answers an order by number to its owner only', async () => {
    const order = placed[0] as Order;
    const { owner: res } = await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/order/${order.orderNumber}` },
    });
    expect(res.json()).toMatchObject({ id: order.id, items: [expect.objectContaining({ productId: cat.burner.id })] });
    const unknown = await injectAs(app, owner, { method: 'GET', url: '/api/order/ARV-ZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers by payment number to its owner only', async () => {
    const order = placed[0] as Order;
    await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/order/payment_number/${order.paymentNumber}` },
    });
  });

  it('answers the pending payment url to its owner only', async () => {
    const order = placed[0] as Order;
    const { owner: res } = await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/order/pending_url/${order.id}` },
    });
    expect(res.json()).toMatchObject({ payable: true, orderNumber: order.orderNumber });
  });

  it('cancels a Not Paid order for its owner only, and the other client changed nothing', async () => {
    const order = placed[1] as Order;
    const { owner: res } = await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/order/cancel/${order.id}` },
    });
    expect(res.json()).toMatchObject({ status: 'Cancelled', canCancel: false });
    expect(res.json().events.map((e: { status: string }) => e.status)).toEqual(['Not Paid', 'Cancelled']);
  });

  it('refuses to cancel twice, or once paid, saying why', async () => {
    const again = await injectAs(app, owner, { method: 'GET', url: `/api/order/cancel/${placed[1]?.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no longer be cancelled: it is Cancelled/);
    const order = placed[2] as Order;
    expect(await markOrderPaid(app.db, order.id, 'Electronic')).toBe(true);
    const res = await injectAs(app, owner, { method: 'GET', url: `/api/order/cancel/${order.orderNumber}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ type: 'Conflict', additionalInfo: { status: 'Paid' } });
    expect((await findOrderByNumber(app.db, order.orderNumber))?.status).toBe('Paid');
  });

  it('refuses a cancel link without x-platform (a cross-site GET)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/order/cancel/${placed[0]?.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect((await findOrderByNumber(app.db, placed[0]?.orderNumber ?? ''))?.status).toBe('Not Paid');
  });

  it('gives the QR token and pickup code of a paid order to its owner only', async () => {
    const order = placed[2] as Order;
    const { owner: res } = await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/order/qr_code/${order.id}` },
    });
    const qr = res.json();
    const row = await findOrderByNumber(app.db, order.orderNumber);
    expect(qr.pickupCode).toBe(row?.pickupCode);
    expect(verifyOrderQrToken(app.config.SESSION_SECRET, qr.token)).toEqual({ orderId: order.id });
    const detail = await injectAs(app, owner, { method: 'GET', url: `/api/order/${order.orderNumber}` });
    expect(detail.json()).toMatchObject({ status: 'Paid', pickupCode: row?.pickupCode });
    expect(detail.json().events.map((e: { status: string }) => e.status)).toEqual(['Not Paid', 'Paid']);
  });

  it('has no QR code before payment', async () => {
    const res = await injectAs(app, owner, { method: 'GET', url: `/api/order/qr_code/${placed[0]?.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/once the order is paid/);
  });

  it('offers previous delivery addresses to their owner only', async () => {
    await createOrder(app.db, owner.clientId, burnerOrder('HomeDelivery'), { legs: app.orderLegs });
    await createOrder(app.db, owner.clientId, burnerOrder('HomeDelivery'), { legs: app.orderLegs });
    const res = await injectAs(app, owner, { method: 'GET', url: '/api/address/previous_deliver' });
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses).toEqual([
      expect.objectContaining({ line1: '5 Akin Adesola Street', city: 'Victoria Island' }),
    ]);
    const theirs = await injectAs(app, other, { method: 'GET', url: '/api/address/previous_deliver' });
    expect(theirs.json().addresses).toEqual([]);
  });
});

describe('the staff order routes', () => {
  let order: Order;
  beforeAll(async () => {
    order = await createOrder(app.db, owner.clientId, burnerOrder(), { legs: app.orderLegs });
  });

  it('refuse clients and staff without a shift', async () => {
    for (const who of [owner, associate]) {
      const res = await injectAs(app, who, { method: 'GET', url: '/api/order/filtered' });
      expect(res.statusCode).toBe(403);
    }
  });

  it('filter every client’s orders for staff on a shift', async () => {
    await putOnShift('08010000003');
    const res = await injectAs(app, associate, {
      method: 'GET',
      url: '/api/order/filtered?status=Not%20Paid&pageSize=100',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders.every((o: Order) => o.status === 'Not Paid')).toBe(true);
    const clientIds = new Set(body.orders.map((o: { client: { id: string } }) => o.client.id));
    expect(clientIds.has(owner.clientId)).toBe(true);
    expect(clientIds.has(other.clientId)).toBe(true);
    const future = await injectAs(app, associate, { method: 'GET', url: '/api/order/filtered?fromDate=2099-01-01' });
    expect(future.json().total).toBe(0);
    const backwards = await injectAs(app, associate, {
      method: 'GET',
      url: '/api/order/filtered?fromDate=2026-02-01&toDate=2026-01-01',
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('find an order with its client by id, number and search', async () => {
    const byId = await injectAs(app, associate, { method: 'GET', url: `/api/order/with_client/${order.id}` });
    expect(byId.json()).toMatchObject({ orderNumber: order.orderNumber, client: { phoneLocal: '08010000002' } });
    const byNumber = await injectAs(app, associate, {
      method: 'GET',
      url: `/api/order/with_client/${order.orderNumber}`,
    });
    expect(byNumber.json().id).toBe(order.id);
    const search = await injectAs(app, associate, {
      method: 'GET',
      url: `/api/order/with_client/search?q=${order.orderNumber}`,
    });
    expect(search.json().orders.map((o: Order) => o.id)).toContain(order.id);
    const byPhone = await injectAs(app, associate, {
      method: 'GET',
      url: '/api/order/with_client/search?q=08010000002',
    });
    expect(byPhone.json().orders.length).toBeGreaterThan(1);
  });

  it('place an order for a walk-in client by phone, adding the client', async () => {
    const res = await injectAs(app, associate, {
      method: 'POST',
      url: '/api/client/new_order',
      payload: { phone: '08122223333', firstname: 'Ngozi', order: burnerOrder() },
      headers: { 'idempotency-key': 'counter-1' },
    });
    expect(res.statusCode).toBe(201);
    const { client, order: placedOrder } = res.json();
    expect(client).toMatchObject({ phoneLocal: '08122223333', firstname: 'Ngozi' });
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placedOrder.id));
    expect(row?.clientId).toBe(client.id);
  });

  it('look a client up by email', async () => {
    await app.db.update(clients).set({ email: 'bola@example.com' }).where(eq(clients.id, owner.clientId));
    const res = await injectAs(app, associate, { method: 'GET', url: '/api/client/user/Bola@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: owner.clientId, orderCount: expect.any(Number) });
    expect(res.json().orderCount).toBeGreaterThan(3);
    const none = await injectAs(app, associate, { method: 'GET', url: '/api/client/user/nobody@example.com' });
    expect(none.statusCode).toBe(404);
    const asClient = await injectAs(app, owner, { method: 'GET', url: '/api/client/user/bola@example.com' });
    expect(asClient.statusCode).toBe(403);
  });

  it('keep ceo access without a shift out too (shift required)', async () => {
    const res = await injectAs(app, ceo, { method: 'GET', url: '/api/order/filtered' });
    expect(res.statusCode).toBe(403);
    expect(res.json().additionalInfo).toMatchObject({ reason: 'NoActiveShift' });
  });
});
