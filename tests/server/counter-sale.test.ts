// The counter sells (POST /api/client/new_order) and its drawer adds up: a cash sale is recorded
// once under a repeated Idempotency-Key, the shift's expected cash is float + cash sales − cash
// refunds, a wallet sale debits once, stock and daily limits refuse with nothing changed, and only
// staff on a shift may sell. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import { formatNaira } from '../../src/domain/format';
import type { Shift } from '../../src/domain/schemas/shift';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { productPriceHistory, products } from '../../src/server/modules/product/tables';
import { quotas } from '../../src/server/modules/quota/tables';
import { counterSales } from '../../src/server/modules/sell/tables';
import { findShift } from '../../src/server/modules/shift/service';
import { shiftCashMovements } from '../../src/server/modules/shift/tables';
import { credit } from '../../src/server/modules/wallet/ledger';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, signInAs } from '../../src/server/test-utils/test-app';
import { closeShifts, type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

/** The first center's quota row of a product (each center has its own: migration 0028). */
const atFirstCenter = (productId: string) =>
  and(eq(quotas.productId, productId), eq(quotas.centerId, sql`first_center_id()`));

let app: FastifyInstance;
let associate: StaffActor;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  app = await buildTestApp();
  associate = await staffActor(app, '08010000003', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  cat = await catalogue(app);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await closeShifts(app, associate.staffId);
});

let keySeq = 0;
const key = () => `counter-${Date.now()}-${++keySeq}`;

const startShift = async (who: StaffActor, openingFloat: number) => {
  const res = await injectAs(app, who.session, {
    method: 'POST',
    url: '/api/shift/start',
    payload: { openingFloat },
  });
  expect(res.statusCode).toBe(201);
  return res.json().shift as Shift;
};
const activeShift = async (who: StaffActor) =>
  (await injectAs(app, who.session, { method: 'GET', url: '/api/shift/active' })).json().shift as Shift;

const stoveOrder = (quantity = 1) => ({
  type: OrderType.Product,
  items: [{ productId: cat.stove.id, quantity }],
  deliveryOption: DeliveryOption.PickerUP,
});
const gasOrder = (kg: number, sizeKg: number) => ({
  type: OrderType.Gas,
  items: [{ productId: cat.gas.id, quantity: kg, sizeKg }],
  deliveryOption: DeliveryOption.PickerUP,
});

const sell = (who: StaffActor, body: Record<string, unknown>, idempotencyKey: string | null = key()) =>
  injectAs(app, who.session, {
    method: 'POST',
    url: '/api/client/new_order',
    payload: body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
const refund = (who: StaffActor, orderNumber: string, idempotencyKey = key()) =>
  injectAs(app, who.session, {
    method: 'POST',
    url: '/api/client/refund_order',
    payload: { orderNumber, reason: 'Customer changed their mind' },
    headers: { 'idempotency-key': idempotencyKey },
  });

const ordersOf = async (phoneClientId: string) =>
  app.db.select().from(orders).where(eq(orders.clientId, phoneClientId));
const stockOf = async (productId: string) =>
  (await app.db.select().from(quotas).where(atFirstCenter(productId)))[0]?.stock ?? null;

/** The tablet these tests sell offline from (its id, as web/lib/device-id.ts keeps one). */
const TABLET = 'tablet-counter-sale-1';

/** The catalogue version GET /api/product says its prices are, as a tablet keeps it. */
const catalogueVersion = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/product' });
  expect(res.statusCode).toBe(200);
  return res.json().priceVersion as number;
};

/** A price change as the dashboard makes one: the history row (a new catalogue version) and the price. */
const changePrice = async (productId: string, price: number) => {
  await app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, productId));
    await tx.insert(productPriceHistory).values({ productId, oldPrice: current?.price ?? null, newPrice: price });
    await tx.update(products).set({ price }).where(eq(products.id, productId));
  });
  app.catalogueCache.invalidate();
};

/**
 * The stove's prices around a sale: ₦500 less, then (still before the shift) its price now — the
 * version the tablet holds (`heldVersion`); a shift begins, the sale's payment is taken
 * (`tookCash`), then the price is raised by ₦1,000. `beforeShift` is the version that was in force
 * only before the shift began. `undo` puts the price back (a version more).
 */
async function priceRaisedAfterSale() {
  const shown = cat.stove.price;
  await changePrice(cat.stove.id, shown - 50_000);
  const beforeShift = await catalogueVersion();
  await changePrice(cat.stove.id, shown);
  const heldVersion = await catalogueVersion();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const shift = await startShift(associate, 0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const tookCash = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 5));
  await changePrice(cat.stove.id, shown + 100_000);
  const undo = () => changePrice(cat.stove.id, shown);
  return { shift, tookCash, heldVersion, beforeShift, undo };
}

describe('a walk-in sale at the counter', () => {
  it('is paid in cash, handed over at once and recorded once under a repeated Idempotency-Key', async () => {
    const shift = await startShift(associate, 500_000);
    const stockBefore = await stockOf(cat.gas.id);
    const body = {
      phone: '08061110001',
      firstname: 'Bisi',
      order: gasOrder(12.5, 12.5),
      payment: { type: 'Cash' },
      handOver: true,
    };
    const k = key();
    const first = await sell(associate, body, k);
    expect(first.statusCode).toBe(201);
    const sold = first.json();
    expect(sold.order).toMatchObject({ status: 'Delivered', paymentType: 'Cash', paymentStatus: 'success' });
    expect(sold.sale).toMatchObject({ paymentType: 'Cash', handedOver: true, shiftId: shift.id, receiptSms: 'sent' });
    expect(sold.client).toMatchObject({ phoneLocal: '08061110001', firstname: 'Bisi' });

    // The tablet lost the answer and sends again, twice at once: the same answer, nothing twice.
    const replays = await Promise.all([sell(associate, body, k), sell(associate, body, k)]);
    for (const r of replays) {
      expect(r.statusCode).toBe(201);
      expect(r.json().order.orderNumber).toBe(sold.order.orderNumber);
    }
    expect(await ordersOf(sold.client.id)).toHaveLength(1);
    const drawer = await app.db.select().from(shiftCashMovements).where(eq(shiftCashMovements.shiftId, shift.id));
    expect(drawer).toEqual([expect.objectContaining({ kind: 'sale', amount: sold.order.total })]);
    if (stockBefore !== null) expect(await stockOf(cat.gas.id)).toBe(stockBefore - 12.5);

    // The hand-over is the staff member's, on the timeline.
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, sold.order.id));
    expect(events.find((e) => e.status === 'Delivered')?.actorClientId).toBe(associate.session.clientId);
    expect(events.find((e) => e.status === 'Paid')?.actorClientId).toBe(associate.session.clientId);

    // An SMS receipt went to the customer.
    const [sms] = app.sms.outbox.list('08061110001');
    expect(sms?.body).toContain(sold.order.orderNumber);
    expect(sms?.body).toContain('Paid and collected');
  });

  it('records nothing at another total than the one on the tablet (a price changed meanwhile)', async () => {
    await startShift(associate, 0);
    const shown = cat.stove.price;
    // The manager raises the price while the associate's basket shows the old one.
    await app.db
      .update(products)
      .set({ price: shown + 100_000 })
      .where(eq(products.id, cat.stove.id));
    try {
      const res = await sell(associate, {
        phone: '08061110041',
        order: { ...stoveOrder(), expectedTotal: shown },
        handOver: true,
        payment: { type: 'Cash' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ additionalInfo: { reason: 'PriceChanged', total: shown + 100_000 } });
      expect(res.json().message).toMatch(/^The prices changed since you looked/);
      const customer = await signInAs(app, '08061110041');
      expect(await app.db.select().from(orders).where(eq(orders.clientId, customer.clientId))).toHaveLength(0);
      expect((await activeShift(associate)).cashSales).toBe(0);
    } finally {
      await app.db.update(products).set({ price: shown }).where(eq(products.id, cat.stove.id));
    }
  });

  it('records a sale made offline at the prices of the catalogue version the tablet held, and the drawer adds up', async () => {
    const shown = cat.stove.price;
    // While the tablet was offline, the manager raised the price.
    const { tookCash, heldVersion, undo } = await priceRaisedAfterSale();
    const offline = (phone: string, soldAt: string, priceVersion = heldVersion) =>
      sell(associate, {
        phone,
        order: stoveOrder(2),
        handOver: true,
        payment: { type: 'Cash' },
        provisionalNumber: `OFF-${phone.slice(-4)}`,
        deviceId: TABLET,
        soldAt,
        priceVersion,
      });
    try {
      const synced = await offline('08061110051', tookCash);
      expect(synced.statusCode, synced.body).toBe(201);
      expect(synced.json().order).toMatchObject({
        total: 2 * shown,
        items: [{ unitPrice: shown, lineTotal: 2 * shown }],
        // Dated when the cash was taken, not when it synced: the sales by day and the order lists
        // agree with the drawer.
        createdAt: tookCash,
        paidAt: new Date(Date.parse(tookCash) + 1).toISOString(),
      });
      const steps = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, synced.json().order.id));
      expect(
        steps
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((e) => [e.status, e.createdAt.getTime() - Date.parse(tookCash)]),
      ).toEqual([
        ['Not Paid', 0],
        ['Paid', 1],
        ['Delivered', 2],
      ]);
      // The version the sale was priced with is kept with it.
      const [kept] = await app.db.select().from(counterSales).where(eq(counterSales.orderId, synced.json().order.id));
      expect(kept).toMatchObject({ deviceId: TABLET, provisionalNumber: 'OFF-0051', priceVersion: heldVersion });
      // A tablet that held the new prices: the new price.
      const late = await offline('08061110053', new Date().toISOString(), await catalogueVersion());
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().order.total).toBe(2 * (shown + 100_000));
      // A POS sale is never priced at another moment: it was made online.
      const pos = await sell(associate, {
        phone: '08061110054',
        order: stoveOrder(),
        payment: { type: 'Electronic', reference: 'POS-1' },
        soldAt: tookCash,
      });
      expect(pos.json().order.total).toBe(shown + 100_000);
      // The drawer expects what was taken: the cash sales as recorded.
      expect((await activeShift(associate)).cashSales).toBe(2 * shown + 2 * (shown + 100_000));
    } finally {
      await undo();
    }
  });

  it('records a sale whose answer was lost at the total the customer paid, when it comes again after a price change', async () => {
    const shown = cat.stove.price;
    // The tablet sent the sale online at the total on its button; the answer never came, and the
    // manager raised the price before it was sent again.
    const { shift, tookCash, heldVersion, beforeShift, undo } = await priceRaisedAfterSale();
    const sentAgain = (phone: string, expectedTotal: number, soldAt: string | null, priceVersion = heldVersion) =>
      sell(associate, {
        phone,
        order: { ...stoveOrder(2), expectedTotal },
        handOver: true,
        payment: { type: 'Cash' },
        ...(soldAt ? { soldAt, priceVersion } : {}),
      });
    try {
      // Without the moment it was agreed, the price change refuses it (as before).
      expect((await sentAgain('08061110061', 2 * shown, null)).statusCode).toBe(409);
      // With it, the total on the tablet holds at that moment's prices: recorded at them.
      const late = await sentAgain('08061110062', 2 * shown, tookCash);
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().order).toMatchObject({ total: 2 * shown, items: [{ unitPrice: shown }] });
      expect(late.json().sale).toMatchObject({ shiftId: shift.id, provisionalNumber: null });
      // A total that holds at no moment of the shift is refused, and so is one priced with a
      // version in force only before the shift began (a wrong clock cannot reach older prices).
      const wrong = await sentAgain('08061110063', 2 * shown + 1, tookCash);
      expect(wrong.json()).toMatchObject({ additionalInfo: { reason: 'PriceChanged' } });
      const before = await sentAgain(
        '08061110064',
        2 * (shown - 50_000),
        new Date(Date.now() - 7 * 86_400_000).toISOString(),
        beforeShift,
      );
      expect(before.json()).toMatchObject({ additionalInfo: { reason: 'PriceChanged' } });
      const olderPrices = await sentAgain('08061110067', 2 * (shown - 50_000), tookCash, beforeShift);
      expect(olderPrices.json()).toMatchObject({ additionalInfo: { reason: 'PriceChanged' } });
      expect((await activeShift(associate)).cashSales).toBe(2 * shown);

      // Its shift was ended (on this tablet the end waits behind it; on another it may not): it
      // goes into that shift's drawer, whose expected cash grows by it, at the price it was sold at.
      const ended = await injectAs(app, associate.session, {
        method: 'POST',
        url: '/api/shift/end',
        payload: { closingCash: 2 * shown },
      });
      expect(ended.statusCode, ended.body).toBe(200);
      const afterEnd = await sentAgain('08061110065', 2 * shown, tookCash);
      expect(afterEnd.statusCode, afterEnd.body).toBe(201);
      expect(afterEnd.json().sale).toMatchObject({ shiftId: shift.id });
      const closed = await findShift(app.db, shift.id);
      expect(closed?.expectedCash).toBe(4 * shown);
      // A sale made after it ended finds no drawer of its moment: off shift, it is refused.
      const offShift = await sentAgain('08061110066', 2 * (shown + 100_000), new Date().toISOString());
      expect(offShift.statusCode).toBe(403);
      expect(offShift.json()).toMatchObject({ additionalInfo: { reason: 'NoActiveShift' } });
      expect((await findShift(app.db, shift.id))?.expectedCash).toBe(4 * shown);
    } finally {
      await undo();
    }
  });

  it('keeps a POS/transfer reference and can leave the order to be collected later', async () => {
    await startShift(associate, 0);
    const res = await sell(associate, {
      phone: '08061110002',
      order: stoveOrder(),
      payment: { type: 'Electronic', reference: 'POS-778812' },
    });
    expect(res.statusCode).toBe(201);
    const sold = res.json();
    expect(sold.order).toMatchObject({ status: 'Paid', paymentType: 'Electronic' });
    expect(sold.sale).toMatchObject({ posReference: 'POS-778812', handedOver: false, shiftId: null });
    const [row] = await app.db.select().from(counterSales).where(eq(counterSales.orderId, sold.order.id));
    expect(row?.posReference).toBe('POS-778812');
    // Not cash: the drawer does not expect it.
    expect((await activeShift(associate)).cashSales).toBe(0);
  });

  it('refuses a POS payment without a reference, and a hand-over without payment, changing nothing', async () => {
    await startShift(associate, 0);
    const noRef = await sell(associate, { phone: '08061110003', order: stoveOrder(), payment: { type: 'Electronic' } });
    expect(noRef.statusCode).toBe(400);
    const unpaid = await sell(associate, { phone: '08061110003', order: stoveOrder(), handOver: true });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe('Take the payment before handing the order over');
    const customer = await signInAs(app, '08061110003');
    expect(await ordersOf(customer.clientId)).toHaveLength(0);
  });

  it('without a payment, leaves the order Not Paid for the customer to pay in the app', async () => {
    await startShift(associate, 0);
    const res = await sell(associate, { phone: '08061110004', order: stoveOrder() });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'Not Paid' });
    // The customer signs in later: the order is theirs.
    const customer = await signInAs(app, '08061110004');
    const mine = await injectAs(app, customer, { method: 'GET', url: `/api/order/${res.json().order.orderNumber}` });
    expect(mine.statusCode).toBe(200);
  });
});

describe('the drawer', () => {
  it('expects float + cash sales − cash refunds, and keeps the variance when the shift ends', async () => {
    await startShift(associate, 1_000_000);
    const a = (await sell(associate, { phone: '08061110010', order: stoveOrder(), payment: { type: 'Cash' } })).json();
    const b = (
      await sell(associate, { phone: '08061110011', order: gasOrder(5, 12.5), payment: { type: 'Cash' } })
    ).json();
    await sell(associate, {
      phone: '08061110012',
      order: stoveOrder(),
      payment: { type: 'Electronic', reference: 'TRF-0001' },
    });
    const cashSales = a.order.total + b.order.total;

    const k = key();
    const refunded = await refund(associate, a.order.orderNumber, k);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ refunded: a.order.total, order: { status: 'Cancelled' } });
    // The same refund again (same key, or a new key): paid out once.
    expect((await refund(associate, a.order.orderNumber, k)).statusCode).toBe(200);
    const again = await refund(associate, a.order.orderNumber);
    expect(again.statusCode).toBe(409);

    const open = await activeShift(associate);
    expect(open).toMatchObject({ cashSales, cashRefunds: a.order.total, expectedCash: 1_000_000 + b.order.total });

    const counted = 1_000_000 + b.order.total - 20_000; // ₦200 short
    const ended = await injectAs(app, associate.session, {
      method: 'POST',
      url: '/api/shift/end',
      payload: { closingCash: counted },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().shift).toMatchObject({ expectedCash: 1_000_000 + b.order.total, variance: -20_000 });
    const report = await injectAs(app, associate.session, { method: 'GET', url: `/api/shift/${open.id}` });
    expect(report.json().shift).toMatchObject({ variance: -20_000, closingCash: counted });
  });

  it('takes a sale made offline into the drawer of its shift, even when that shift was ended on another tablet first', async () => {
    const shift = await startShift(associate, 500_000);
    // Tablet B, offline, sells for cash while tablet A, offline too, counts the drawer.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const soldBeforeCount = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Tablet A's end syncs first: ₦5,000 float counted, the sale's cash with it (₦5,000 + the sale).
    const saleTotal = cat.stove.price;
    const ended = await injectAs(app, associate.session, {
      method: 'POST',
      url: '/api/shift/end',
      payload: { closingCash: 500_000 + saleTotal },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().shift).toMatchObject({ expectedCash: 500_000, variance: saleTotal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const soldAfterCount = new Date().toISOString();
    const priceVersion = await catalogueVersion();
    const synced = (phone: string, soldAt: string, provisionalNumber: string) =>
      sell(
        associate,
        {
          phone,
          order: stoveOrder(),
          handOver: true,
          payment: { type: 'Cash' },
          provisionalNumber,
          deviceId: TABLET,
          soldAt,
          priceVersion,
        },
        `sync-${provisionalNumber}-${shift.id}`,
      );
    // Then tablet B's sale: recorded, in that drawer, which now balances.
    const first = await synced('08061110061', soldBeforeCount, 'OFF-BB01');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().sale).toMatchObject({ shiftId: shift.id, provisionalNumber: 'OFF-BB01' });
    expect(await findShift(app.db, shift.id)).toMatchObject({
      cashSales: saleTotal,
      expectedCash: 500_000 + saleTotal,
      variance: 0,
    });
    // A sale made just after the count (within the allowance for the way): recorded all the same,
    // and the drawer says it is short by it (the cash came in after it was counted), for a manager
    // to see. Dated later than that, it is refused (offline-sale-identity.test.ts).
    const late = await synced('08061110062', soldAfterCount, 'OFF-BB02');
    expect(late.statusCode, late.body).toBe(201);
    expect(await findShift(app.db, shift.id)).toMatchObject({
      cashSales: 2 * saleTotal,
      expectedCash: 500_000 + 2 * saleTotal,
      variance: -saleTotal,
    });
    const movements = await app.db.select().from(shiftCashMovements).where(eq(shiftCashMovements.shiftId, shift.id));
    expect(movements.map((m) => m.note)).toEqual([
      'Sold offline; synced after the shift ended',
      'Sold offline; synced after the shift ended',
    ]);
    // Sent again under its key (its answer lost): answered as before, recorded once.
    const again = await synced('08061110062', soldAfterCount, 'OFF-BB02');
    expect(again.json().order.orderNumber).toBe(late.json().order.orderNumber);
    expect((await findShift(app.db, shift.id))?.cashSales).toBe(2 * saleTotal);
    // Off shift, a sale made online is refused as before, and so is one made offline with no shift
    // of its own (dated before any shift of the last week).
    const online = await sell(associate, { phone: '08061110063', order: stoveOrder(), payment: { type: 'Cash' } });
    expect(online.statusCode).toBe(403);
    expect(online.json()).toMatchObject({ additionalInfo: { reason: 'NoActiveShift' } });
    const stray = await synced('08061110063', new Date(Date.now() - 30 * 86_400_000).toISOString(), 'OFF-BB03');
    expect(stray.statusCode).toBe(403);
    // The customer's texted receipt names the paper one.
    const [sms] = app.sms.outbox.list('08061110061');
    expect(sms?.body).toContain(`Arrive receipt ${first.json().order.orderNumber} (paper receipt OFF-BB01)`);
  });

  it('refunds a sale made offline by the provisional number on its paper receipt', async () => {
    await startShift(associate, 500_000);
    const sold = await sell(associate, {
      phone: '08061110071',
      order: stoveOrder(),
      payment: { type: 'Cash' },
      provisionalNumber: 'OFF-RF71',
      deviceId: TABLET,
      soldAt: new Date().toISOString(),
      priceVersion: await catalogueVersion(),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const unknown = await refund(associate, 'OFF-NONE99');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ additionalInfo: { reason: 'ProvisionalNumberUnknown' } });
    const res = await refund(associate, 'off-rf71');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ orderNumber: sold.json().order.orderNumber, status: 'Cancelled' });
    expect((await activeShift(associate)).cashRefunds).toBe(sold.json().order.total);
  });

  it('refuses to refund a sale already handed over, or one not paid in cash, and changes nothing', async () => {
    const shift = await startShift(associate, 0);
    const given = (
      await sell(associate, { phone: '08061110020', order: stoveOrder(), payment: { type: 'Cash' }, handOver: true })
    ).json();
    const pos = (
      await sell(associate, {
        phone: '08061110021',
        order: stoveOrder(),
        payment: { type: 'Electronic', reference: 'POS-1234' },
      })
    ).json();
    const stock = await stockOf(cat.stove.id);
    const r1 = await refund(associate, given.order.orderNumber);
    expect(r1.statusCode).toBe(409);
    const r2 = await refund(associate, pos.order.orderNumber);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().additionalInfo).toMatchObject({ reason: 'NotACashSale' });
    const [posOrder] = await app.db.select().from(orders).where(eq(orders.id, pos.order.id));
    expect(posOrder?.status).toBe('Paid');
    expect(await stockOf(cat.stove.id)).toBe(stock);
    const refunds = await app.db
      .select()
      .from(shiftCashMovements)
      .where(and(eq(shiftCashMovements.shiftId, shift.id), eq(shiftCashMovements.kind, 'refund')));
    expect(refunds).toHaveLength(0);
  });
});

describe('paying from the customer’s wallet', () => {
  it('debits once, even when the sale is retried', async () => {
    await startShift(associate, 0);
    const customer = await signInAs(app, '08061110030');
    const created = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/wallet/create',
      payload: { firstname: 'Chidi', lastname: 'Eze', email: 'chidi@example.com', consentGiven: true },
    });
    expect(created.statusCode).toBeLessThan(300);
    const [wallet] = await app.db.select().from(wallets).where(eq(wallets.clientId, customer.clientId));
    if (!wallet) throw new Error('no wallet');
    await app.db.transaction((tx) =>
      credit(tx, {
        walletId: wallet.id,
        reference: `test:${wallet.id}`,
        amount: 50_000_000,
        purpose: 'FundWallet',
        displayName: 'Top-up',
      }),
    );
    // The customer's consent first: a code texted to their phone for this amount, nothing recorded.
    const order = { ...stoveOrder(), expectedTotal: cat.stove.price };
    const asked = await sell(associate, { phone: '08061110030', order, payment: { type: 'Wallet' }, handOver: true });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ additionalInfo: { reason: 'WalletCodeSent' } });
    expect(await ordersOf(customer.clientId)).toHaveLength(0);
    const text = app.sms.outbox.list('08061110030').at(-1)?.body ?? '';
    expect(text).toContain(`${formatNaira(cat.stove.price)} will be paid from your Arrive wallet`);
    const code = text.match(/code: (\d{6})/)?.[1] ?? '';
    // A wrong code is refused and counted; the customer's code pays.
    const wrong = await sell(associate, {
      phone: '08061110030',
      order,
      payment: { type: 'Wallet', code: code === '000000' ? '111111' : '000000' },
      handOver: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ type: 'InvalidOTPCode' });
    // The right code with another basket, said to cost the same: the code is bound to the basket.
    const otherBasket = await sell(associate, {
      phone: '08061110030',
      order: { ...gasOrder(12.5, 12.5), expectedTotal: cat.stove.price },
      payment: { type: 'Wallet', code },
      handOver: true,
    });
    expect(otherBasket.statusCode).toBe(400);
    expect(otherBasket.json()).toMatchObject({ type: 'InvalidOTPCode' });
    expect(await ordersOf(customer.clientId)).toHaveLength(0);
    const k = key();
    const body = { phone: '08061110030', order, payment: { type: 'Wallet', code }, handOver: true };
    const first = await sell(associate, body, k);
    expect(first.statusCode, first.body).toBe(201);
    expect((await sell(associate, body, k)).statusCode).toBe(201);
    // The code is spent: the same code again (a new sale) is refused.
    expect((await sell(associate, body)).statusCode).toBe(400);
    const total = first.json().order.total;
    const debits = await app.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, wallet.id), eq(walletTransactions.type, 'Debit')));
    expect(debits).toHaveLength(1);
    const [after] = await app.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(after?.balance).toBe(50_000_000 - total);
    expect(first.json().order).toMatchObject({ status: 'Delivered', paymentType: 'Wallet' });
  });

  it('refuses a customer without a wallet or without enough in it, and stores no order', async () => {
    await startShift(associate, 0);
    const walletOrder = { ...stoveOrder(), expectedTotal: cat.stove.price };
    const res = await sell(associate, { phone: '08061110031', order: walletOrder, payment: { type: 'Wallet' } });
    expect(res.statusCode).toBe(404);
    const customer = await signInAs(app, '08061110031');
    expect(await ordersOf(customer.clientId)).toHaveLength(0);

    // A wallet holding less than the sale: InsufficientFund, no order, no debit, stock untouched.
    await injectAs(app, customer, {
      method: 'POST',
      url: '/api/wallet/create',
      payload: { firstname: 'Dayo', lastname: 'Ade', email: 'dayo@example.com', consentGiven: true },
    });
    const [wallet] = await app.db.select().from(wallets).where(eq(wallets.clientId, customer.clientId));
    if (!wallet) throw new Error('no wallet');
    await app.db.transaction((tx) =>
      credit(tx, {
        walletId: wallet.id,
        reference: `test:${wallet.id}`,
        amount: 1_000,
        purpose: 'FundWallet',
        displayName: 'Top-up',
      }),
    );
    const stock = await stockOf(cat.stove.id);
    const poor = await sell(associate, { phone: '08061110031', order: walletOrder, payment: { type: 'Wallet' } });
    expect(poor.statusCode).toBe(400);
    // Said before any code is texted.
    expect(app.sms.outbox.list('08061110031').filter((m) => m.body.includes('wallet at the gas center'))).toEqual([]);
    expect(poor.json()).toMatchObject({ type: 'InsufficientFund' });
    // What the counter's tablet tells the associate: what the wallet holds against the sale.
    expect(poor.json().additionalInfo).toEqual({ balance: 1_000, amount: cat.stove.price });
    expect(await ordersOf(customer.clientId)).toHaveLength(0);
    expect(await stockOf(cat.stove.id)).toBe(stock);
    const [after] = await app.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(after?.balance).toBe(1_000);
  });
});

describe('stock and daily limits', () => {
  it('refuses more than is left with a clear error, and nothing changes', async () => {
    await startShift(associate, 0);
    await app.db.update(quotas).set({ stock: 1 }).where(eq(quotas.productId, cat.stove.id));
    try {
      const res = await sell(associate, { phone: '08061110040', order: stoveOrder(2), payment: { type: 'Cash' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ type: 'Conflict', additionalInfo: { reason: 'QuotaExceeded' } });
      expect(res.json().message).toMatch(/stove|left|stock/i);
      expect(await stockOf(cat.stove.id)).toBe(1);
      const customer = await signInAs(app, '08061110040');
      expect(await ordersOf(customer.clientId)).toHaveLength(0);
      expect((await activeShift(associate)).cashSales).toBe(0);
    } finally {
      await app.db.update(quotas).set({ stock: 1000 }).where(eq(quotas.productId, cat.stove.id));
    }
  });
});

describe('who may sell', () => {
  it('only staff on a shift: a client, and staff off shift, are refused', async () => {
    const body = { phone: '08061110050', order: stoveOrder(), payment: { type: 'Cash' } };
    const client = await signInAs(app, '08061110051');
    const asClient = await injectAs(app, client, { method: 'POST', url: '/api/client/new_order', payload: body });
    expect(asClient.statusCode).toBe(403);
    const offShift = await sell(associate, body);
    expect(offShift.statusCode).toBe(403);
    const anon = await injectAs(app, null, { method: 'POST', url: '/api/client/new_order', payload: body });
    expect(anon.statusCode).toBe(401);
    const customer = await signInAs(app, '08061110050');
    expect(await ordersOf(customer.clientId)).toHaveLength(0);
  });
});
