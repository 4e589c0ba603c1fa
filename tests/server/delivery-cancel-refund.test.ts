// A paid order whose delivery a dispatcher cancels: the order is cancelled with it, its stock goes
// back, its money goes back the way it came (the wallet at once, the card through a refund), once,
// and the client is told — with the delivery code in the "out for delivery" text before that.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../src/server/modules/notification/worker';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { payments } from '../../src/server/modules/payment/tables';
import { quotas } from '../../src/server/modules/quota/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { credit } from '../../src/server/modules/wallet/ledger';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';
import { initiate, payInCheckout, readPayment } from './payment-support';

/** The first center's quota row of a product (each center has its own: migration 0028). */
const atFirstCenter = (productId: string) =>
  and(eq(quotas.productId, productId), eq(quotas.centerId, sql`first_center_id()`));

let app: FastifyInstance;
let client: Session;
let dispatcher: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;

/** Sends every message due (the notification worker's own pass). */
async function drain() {
  while ((await runOutboxOnce(app)) > 0) {}
}

const yaba = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 };

beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  cat = await catalogue(app);
  client = await signInAs(app, '08030000301');
  dispatcher = await signInAs(app, '08010000003');
  const [associate] = await app.db.select().from(staff).where(eq(staff.clientId, dispatcher.clientId));
  if (!associate) throw new Error('no demo associate');
  await app.db.insert(shifts).values({ staffId: associate.id });
  await app.db
    .insert(quotas)
    .values({ productId: cat.stove.id, stock: 20, dailyLimit: null })
    .onConflictDoUpdate({ target: [quotas.productId, quotas.centerId], set: { stock: 20, dailyLimit: null } });
});
afterAll(async () => {
  await app?.close();
});

async function deliveryOrder() {
  return createOrder(
    app.db,
    client.clientId,
    {
      type: 'Product',
      items: [{ productId: cat.stove.id, quantity: 2 }],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'oneWay',
      address: yaba,
    },
    { legs: app.orderLegs },
  );
}

const deliveryIdOf = async (orderId: string) =>
  (await injectAs(app, client, { method: 'GET', url: `/api/delivery/order/${orderId}` })).json().id as string;
const cancel = (id: string) =>
  injectAs(app, dispatcher, { method: 'PUT', url: `/api/delivery/status/${id}`, payload: { status: 'Cancelled' } });
const stoveStock = async () => (await app.db.select().from(quotas).where(atFirstCenter(cat.stove.id)))[0]?.stock;
const orderOf = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("cancelling a paid order's delivery", () => {
  it('paid from the wallet: the order is cancelled, the wallet credited once, the stock back, the client told', async () => {
    const created = await injectAs(app, client, {
      method: 'POST',
      url: '/api/wallet/create',
      payload: { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com', consentGiven: true },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const [wallet] = await app.db.select().from(wallets).where(eq(wallets.clientId, client.clientId));
    if (!wallet) throw new Error('no wallet');
    await app.db.transaction((tx) =>
      credit(tx, {
        walletId: wallet.id,
        reference: `test:${wallet.id}`,
        amount: 100_000_000,
        purpose: 'FundWallet',
        displayName: 'Top-up',
      }),
    );
    const stockBefore = await stoveStock();
    const order = await deliveryOrder();
    const paid = await injectAs(app, client, {
      method: 'POST',
      url: '/api/payment/wallet',
      payload: { orderNumber: order.orderNumber },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stoveStock()).toBe((stockBefore ?? 0) - 2);

    const id = await deliveryIdOf(order.id);
    const res = await cancel(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled' });
    expect(res.json().refund).toBeUndefined();

    expect((await orderOf(order.id))?.status).toBe('Cancelled');
    const [after] = await app.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(after?.balance).toBe(100_000_000);
    const refunds = await app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.reference, `order-cancelled:${order.id}`));
    expect(refunds).toEqual([expect.objectContaining({ type: 'Credit', amount: order.total })]);
    expect(await stoveStock()).toBe(stockBefore);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.status === 'Cancelled' && e.kind === 'order')?.note).toMatch(
      /refunded to the Arrive wallet/,
    );
    await drain();
    const sms = app.sms.outbox.list('08030000301').map((m) => m.body);
    expect(sms.find((b) => b.includes('could not deliver'))).toMatch(/is back in your Arrive wallet/);

    // The board keeps it among today's finished deliveries.
    const board = await injectAs(app, dispatcher, { method: 'GET', url: '/api/delivery/board' });
    expect(board.json().deliveries.find((d: { id: string }) => d.id === id)).toMatchObject({
      status: 'Cancelled',
      orderStatus: 'Cancelled',
    });

    // Cancelled again (a retried tap): refused, nothing credited twice.
    expect((await cancel(id)).statusCode).toBe(409);
    const [still] = await app.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(still?.balance).toBe(100_000_000);
  });

  it('paid by card: the order is cancelled and the whole payment refunded to the card', async () => {
    const order = await deliveryOrder();
    // Paid through the sandbox's card checkout, as a client pays.
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode);
    expect((await orderOf(order.id))?.status).toBe('Paid');
    const payment = await readPayment(app, checkout.ref);
    const res = await cancel(await deliveryIdOf(order.id));
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderOf(order.id))?.status).toBe('Cancelled');
    const [refunded] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(refunded?.refundAmount).toBe(order.total);
    // The client's order page reads why: a cancelled order, not a duplicate payment.
    expect(refunded?.refundReason).toMatch(/was cancelled/);
    // Asked of Paystack at once: the emulator takes it.
    expect(['pending', 'processing', 'processed']).toContain(refunded?.refundState);
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.status === 'Cancelled' && e.kind === 'order')?.note).toMatch(
      /refunded to the card it was paid with/,
    );
  });

  it('paid in a way it cannot give back: refused, nothing changes', async () => {
    const order = await deliveryOrder();
    // Marked paid by card with no card payment on record (as by hand): no refund path.
    await markOrderPaid(app.db, order.id, 'Electronic');
    const id = await deliveryIdOf(order.id);
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ additionalInfo: { reason: 'NoRefundPath' } });
    expect((await orderOf(order.id))?.status).toBe('Paid');
    const delivery = await injectAs(app, client, { method: 'GET', url: `/api/delivery/order/${order.id}` });
    expect(delivery.json().status).toBe('Pending');
  });

  it("an unpaid order's delivery cancelled leaves the order as it is", async () => {
    const order = await deliveryOrder();
    const res = await cancel(await deliveryIdOf(order.id));
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderOf(order.id))?.status).toBe('Not Paid');
  });
});

describe('the out-for-delivery text', () => {
  it("carries the delivery code and the rider's first name only", async () => {
    const order = await deliveryOrder();
    await markOrderPaid(app.db, order.id, 'Electronic');
    const id = await deliveryIdOf(order.id);
    const assigned = await injectAs(app, dispatcher, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { carrierName: 'Musa Ibrahim', carrierPhone: '08010000004', vehicle: 'Bike' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const move = async (status: string) => {
      const moved = await injectAs(app, dispatcher, {
        method: 'PUT',
        url: `/api/delivery/status/${id}`,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await drain();
    };
    const texts = () =>
      app.sms.outbox.list('08030000301').filter((m) => m.body.includes(`order ${order.orderNumber} is out`));
    // Sent when the cylinder is collected (the rider may have no network on the road), once.
    await move('CarrierPickup');
    expect(texts()).toHaveLength(1);
    await move('InTransit');
    expect(texts()).toHaveLength(1);
    const code = (await orderOf(order.id))?.pickupCode;
    expect(code).toMatch(/^\w{6}$/);
    const [text] = texts();
    expect(text?.body).toBe(
      `Arrive: order ${order.orderNumber} is out for delivery with Musa. Give the rider delivery code ${code} when it arrives.`,
    );
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.note ?? '').join(' ')).not.toContain('Ibrahim');
  });
});
