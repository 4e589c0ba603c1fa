// An offline sale is one sale, at one price. A tablet's provisional number (OFF-…) is recorded once
// per tablet: sent again under any Idempotency-Key, even several at once, it is answered with the
// sale first recorded and the drawer does not move. Its moment is kept within its shift, and it is
// priced from the catalogue version the tablet held, accepted only if that version was in force at
// some moment of the shift by the sale. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL
// is set (where the replays at once race for real).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Shift } from '../../src/domain/schemas/shift';
import { orders } from '../../src/server/modules/order/tables';
import { productPriceHistory, products } from '../../src/server/modules/product/tables';
import { quotas } from '../../src/server/modules/quota/tables';
import { counterSales } from '../../src/server/modules/sell/tables';
import { findShift } from '../../src/server/modules/shift/service';
import { buildTestApp, injectAs } from '../../src/server/test-utils/test-app';
import { type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

/** The first center's quota row of a product (each center has its own: migration 0028). */
const atFirstCenter = (productId: string) =>
  and(eq(quotas.productId, productId), eq(quotas.centerId, sql`first_center_id()`));

let app: FastifyInstance;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  app = await buildTestApp();
  cat = await catalogue(app);
});
afterAll(async () => {
  await app?.close();
});

const TABLET = 'tablet-front-desk-1';
const OTHER_TABLET = 'tablet-front-desk-2';
const MINUTE = 60_000;

let keySeq = 0;
const key = () => `offline-${Date.now()}-${++keySeq}`;
let phoneSeq = 0;
/** A seller of their own per test: no earlier shift of theirs can take a sale dated before this one. */
const freshSeller = () =>
  staffActor(app, `0801009${String(++phoneSeq).padStart(4, '0')}`, StaffRole.SalesAssociate, [StaffAccess.Staff]);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

const startShift = async (who: StaffActor) => {
  const res = await injectAs(app, who.session, {
    method: 'POST',
    url: '/api/shift/start',
    payload: { openingFloat: 0 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shift as Shift;
};
const cashSalesOf = async (shiftId: string) => (await findShift(app.db, shiftId))?.cashSales;
const stockOf = async (productId: string) =>
  (await app.db.select().from(quotas).where(atFirstCenter(productId)))[0]?.stock ?? null;

/** The catalogue version GET /api/product says its prices are: what the tablet keeps with its copy. */
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

type OfflineSale = {
  phone: string;
  provisionalNumber: string;
  soldAt: string;
  priceVersion: number;
  deviceId?: string;
  quantity?: number;
};
const offlineBody = (sale: OfflineSale) => ({
  phone: sale.phone,
  order: {
    type: OrderType.Product,
    items: [{ productId: cat.stove.id, quantity: sale.quantity ?? 1 }],
    deliveryOption: DeliveryOption.PickerUP,
  },
  handOver: true,
  payment: { type: 'Cash' },
  provisionalNumber: sale.provisionalNumber,
  deviceId: sale.deviceId ?? TABLET,
  soldAt: sale.soldAt,
  priceVersion: sale.priceVersion,
});
const sellOffline = (who: StaffActor, sale: OfflineSale, idempotencyKey = key()) =>
  injectAs(app, who.session, {
    method: 'POST',
    url: '/api/client/new_order',
    payload: offlineBody(sale),
    headers: { 'idempotency-key': idempotencyKey },
  });
const salesNumbered = async (provisionalNumber: string) =>
  app.db.select().from(counterSales).where(eq(counterSales.provisionalNumber, provisionalNumber));

describe('an offline sale is one sale', () => {
  it('answers a replay under a new key with the sale first recorded, and the drawer does not move', async () => {
    const seller = await freshSeller();
    const shift = await startShift(seller);
    const sale = {
      phone: '08062400001',
      provisionalNumber: 'OFF-RPL001',
      soldAt: new Date().toISOString(),
      priceVersion: await catalogueVersion(),
    };
    const first = await sellOffline(seller, sale);
    expect(first.statusCode, first.body).toBe(201);
    const recorded = first.json();
    const drawer = await cashSalesOf(shift.id);
    const stock = await stockOf(cat.stove.id);
    const texts = app.sms.outbox.list('08062400001').length;

    // The queue lost its key (cleared and filled again, the page and the worker both sending):
    // the same sale under a new key is answered with the one recorded.
    const replay = await sellOffline(seller, sale);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json().order).toMatchObject({ id: recorded.order.id, orderNumber: recorded.order.orderNumber });
    expect(replay.json().sale).toMatchObject({
      provisionalNumber: 'OFF-RPL001',
      shiftId: shift.id,
      receiptSms: 'none',
    });
    expect(await salesNumbered('OFF-RPL001')).toHaveLength(1);
    expect(await app.db.select().from(orders).where(eq(orders.clientId, recorded.client.id))).toHaveLength(1);
    expect(await cashSalesOf(shift.id)).toBe(drawer);
    expect(await stockOf(cat.stove.id)).toBe(stock);
    // Its receipt is not texted twice.
    expect(app.sms.outbox.list('08062400001')).toHaveLength(texts);

    // The same number with another basket on the same tablet is not that sale: refused, nothing recorded.
    const other = await sellOffline(seller, { ...sale, quantity: 2 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ additionalInfo: { reason: 'ProvisionalNumberTaken' } });
    expect(await cashSalesOf(shift.id)).toBe(drawer);

    // Another tablet may draw the same number: its own sale. A refund by that number then asks
    // for the order number instead of guessing.
    const elsewhere = await sellOffline(seller, { ...sale, phone: '08062400002', deviceId: OTHER_TABLET });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(elsewhere.json().order.orderNumber).not.toBe(recorded.order.orderNumber);
    const refund = await injectAs(app, seller.session, {
      method: 'POST',
      url: '/api/client/refund_order',
      payload: { orderNumber: 'OFF-RPL001', reason: 'Customer changed their mind' },
      headers: { 'idempotency-key': key() },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toMatchObject({ additionalInfo: { reason: 'ProvisionalNumberAmbiguous' } });
  });

  it('records one sale when replays of it under different keys arrive at once', async () => {
    const seller = await freshSeller();
    const shift = await startShift(seller);
    const sale = {
      phone: '08062400011',
      provisionalNumber: 'OFF-RACE01',
      soldAt: new Date().toISOString(),
      priceVersion: await catalogueVersion(),
    };
    const replies = await Promise.all([1, 2, 3, 4].map(() => sellOffline(seller, sale)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(201);
    expect(new Set(replies.map((r) => r.json().order.orderNumber)).size).toBe(1);
    const rows = await app.db
      .select()
      .from(counterSales)
      .where(and(eq(counterSales.deviceId, TABLET), eq(counterSales.provisionalNumber, 'OFF-RACE01')));
    expect(rows).toHaveLength(1);
    expect(await cashSalesOf(shift.id)).toBe(cat.stove.price);
  });
});

describe('an offline sale is dated within its shift', () => {
  it('refuses a sale dated before its shift began, or later than now, and records nothing', async () => {
    const seller = await freshSeller();
    const shift = await startShift(seller);
    const priceVersion = await catalogueVersion();
    const started = Date.parse(shift.startedAt);

    // Dated an hour before the shift began (say, to reach the prices of that morning): refused.
    const early = await sellOffline(seller, {
      phone: '08062400021',
      provisionalNumber: 'OFF-EARLY1',
      soldAt: new Date(started - 60 * MINUTE).toISOString(),
      priceVersion,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ additionalInfo: { reason: 'SoldBeforeShift' } });
    expect(early.json().message).toMatch(/before the shift/);
    // Dated later than now (past the allowance for the way): refused.
    const future = await sellOffline(seller, {
      phone: '08062400022',
      provisionalNumber: 'OFF-LATE01',
      soldAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
      priceVersion,
    });
    expect(future.statusCode).toBe(409);
    expect(future.json()).toMatchObject({ additionalInfo: { reason: 'SoldAfterShift' } });
    expect(await salesNumbered('OFF-EARLY1')).toHaveLength(0);
    expect(await salesNumbered('OFF-LATE01')).toHaveLength(0);
    expect(await cashSalesOf(shift.id)).toBe(0);

    // A few seconds before the start (clocks, the way): the shift's first moment.
    const justBefore = await sellOffline(seller, {
      phone: '08062400023',
      provisionalNumber: 'OFF-EDGE01',
      soldAt: new Date(started - 30_000).toISOString(),
      priceVersion,
    });
    expect(justBefore.statusCode, justBefore.body).toBe(201);
    expect(justBefore.json().order.createdAt).toBe(shift.startedAt);
  });

  it('refuses a sale dated well after its shift ended', async () => {
    const seller = await freshSeller();
    const shift = await startShift(seller);
    const priceVersion = await catalogueVersion();
    const ended = await injectAs(app, seller.session, {
      method: 'POST',
      url: '/api/shift/end',
      payload: { closingCash: 0 },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const endedAt = Date.parse(ended.json().shift.endedAt);
    const after = await sellOffline(seller, {
      phone: '08062400031',
      provisionalNumber: 'OFF-AFTER1',
      // The clock says ten minutes after the end, and the call says it was sent just now.
      soldAt: new Date(endedAt + 10 * MINUTE).toISOString(),
      priceVersion,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ additionalInfo: { reason: 'SoldAfterShift' } });
    expect((await findShift(app.db, shift.id))?.cashSales).toBe(0);
  });
});

describe('an offline sale is priced from the catalogue version the tablet held', () => {
  it('refuses a version from before a price rise when it was not in force during the shift', async () => {
    const shown = cat.stove.price;
    const seller = await freshSeller();
    const oldVersion = await catalogueVersion();
    await changePrice(cat.stove.id, shown + 100_000);
    try {
      const newVersion = await catalogueVersion();
      expect(newVersion).toBeGreaterThan(oldVersion);
      await tick();
      const shift = await startShift(seller);
      const sale = { phone: '08062400041', soldAt: new Date().toISOString() };
      // The old prices were gone before this shift began: no tablet on this shift priced with them.
      const old = await sellOffline(seller, { ...sale, provisionalNumber: 'OFF-OLDV01', priceVersion: oldVersion });
      expect(old.statusCode).toBe(409);
      expect(old.json()).toMatchObject({
        additionalInfo: { reason: 'PriceVersionNotCurrent', priceVersion: oldVersion, currentVersion: newVersion },
      });
      // A version never written is no better.
      const unknown = await sellOffline(seller, {
        ...sale,
        provisionalNumber: 'OFF-OLDV02',
        priceVersion: newVersion + 1000,
      });
      expect(unknown.json()).toMatchObject({ additionalInfo: { reason: 'PriceVersionNotCurrent' } });
      expect(await salesNumbered('OFF-OLDV01')).toHaveLength(0);
      expect(await cashSalesOf(shift.id)).toBe(0);
      // With the version in force, the price now.
      const current = await sellOffline(seller, { ...sale, provisionalNumber: 'OFF-NEWV01', priceVersion: newVersion });
      expect(current.statusCode, current.body).toBe(201);
      expect(current.json().order.total).toBe(shown + 100_000);
    } finally {
      await changePrice(cat.stove.id, shown);
    }
  });

  it('accepts the earlier version when the price rose during the shift and the tablet held it while it was in force', async () => {
    const shown = cat.stove.price;
    const seller = await freshSeller();
    const shift = await startShift(seller);
    const held = await catalogueVersion();
    await tick();
    const beforeRise = new Date().toISOString();
    await tick();
    // The tablet goes offline; the manager raises the price.
    await changePrice(cat.stove.id, shown + 100_000);
    try {
      await tick();
      // Sold before the rise, and after it (the tablet, offline, still had the earlier prices):
      // both at the prices it held, which were in force during this shift.
      const early = await sellOffline(seller, {
        phone: '08062400051',
        provisionalNumber: 'OFF-HELD01',
        soldAt: beforeRise,
        priceVersion: held,
      });
      expect(early.statusCode, early.body).toBe(201);
      expect(early.json().order).toMatchObject({ total: shown, createdAt: beforeRise });
      const later = await sellOffline(seller, {
        phone: '08062400052',
        provisionalNumber: 'OFF-HELD02',
        soldAt: new Date().toISOString(),
        priceVersion: held,
      });
      expect(later.statusCode, later.body).toBe(201);
      expect(later.json().order.total).toBe(shown);
      const [kept] = await salesNumbered('OFF-HELD02');
      expect(kept).toMatchObject({ deviceId: TABLET, priceVersion: held });
      expect(await cashSalesOf(shift.id)).toBe(2 * shown);
    } finally {
      await changePrice(cat.stove.id, shown);
    }
  });
});

describe('a sale from an older app', () => {
  it('refuses a provisional number without its tablet or price version, clearly, and records nothing', async () => {
    const seller = await freshSeller();
    const shift = await startShift(seller);
    const {
      deviceId: _device,
      priceVersion: _version,
      ...old
    } = offlineBody({
      phone: '08062400061',
      provisionalNumber: 'OFF-OLDAPP',
      soldAt: new Date().toISOString(),
      priceVersion: 0,
    });
    const res = await injectAs(app, seller.session, {
      method: 'POST',
      url: '/api/client/new_order',
      payload: old,
      headers: { 'idempotency-key': key() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ additionalInfo: { reason: 'OfflineSaleIncomplete' } });
    expect(await salesNumbered('OFF-OLDAPP')).toHaveLength(0);
    expect(await cashSalesOf(shift.id)).toBe(0);
  });
});
