// A center's own price keeps a history, and each change of it is a catalogue version, as a company
// price change is. A counter tablet at that center takes the catalogue, goes offline, and the
// center's price changes (or is removed): its queued sales are recorded once, at the center's price
// they were sold at, the drawer growing by that; a shift begun after the change cannot sell at the
// price gone (PriceVersionNotCurrent). The company price's history route shows the company's
// changes only. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Center } from '../../src/domain/schemas/center';
import type { Product } from '../../src/domain/schemas/product';
import { orders } from '../../src/server/modules/order/tables';
import { productPriceHistory } from '../../src/server/modules/product/tables';
import { counterSales } from '../../src/server/modules/sell/tables';
import { findShift } from '../../src/server/modules/shift/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { buildTestApp, injectAs } from '../../src/server/test-utils/test-app';
import { type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let ceo: StaffActor;
let first: Center;
let lekki: Center;
let cat: Awaited<ReturnType<typeof catalogue>>;

const TABLET = 'tablet-lekki-counter-1';
let keySeq = 0;
const key = () => `center-price-${Date.now()}-${++keySeq}`;
let phoneSeq = 0;
const nextPhone = () => `0809${String(5_550_000 + ++phoneSeq).padStart(7, '0')}`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A seller of their own, on a shift at Arrive Lekki begun now. */
async function sellerAtLekki() {
  const seller = await staffActor(app, nextPhone(), StaffRole.SalesAssociate, [StaffAccess.Staff]);
  const [shift] = await app.db
    .insert(shifts)
    .values({ staffId: seller.staffId, openingFloat: 0, centerId: lekki.id })
    .returning();
  if (!shift) throw new Error('shift not stored');
  return { seller, shift };
}

/** Sets (or, with null, removes) Lekki's own price of a product as the dashboard does. */
async function setLekkiPrice(productId: string, price: number | null) {
  const res = await injectAs(app, ceo.session, {
    method: 'PUT',
    url: `/api/product/center_price/${productId}`,
    payload: { centerId: lekki.id, price },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Lekki's catalogue as the counter tablet takes it: a product's price there and the version. */
async function lekkiCatalogue(productId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/product/?center=${lekki.id}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { products: Product[]; priceVersion: number };
  return { price: body.products.find((p) => p.id === productId)?.price, version: body.priceVersion };
}

type QueuedSale = {
  /** The customer's phone; another for each sale unless said. */
  phone?: string;
  productId: string;
  quantity: number;
  unitPrice: number;
  provisionalNumber: string;
  soldAt: string;
  priceVersion: number;
};
const syncSale = (who: StaffActor, sale: QueuedSale, idempotencyKey = key()) =>
  injectAs(app, who.session, {
    method: 'POST',
    url: '/api/client/new_order',
    payload: {
      phone: sale.phone ?? nextPhone(),
      order: {
        type: OrderType.Product,
        items: [{ productId: sale.productId, quantity: sale.quantity }],
        deliveryOption: DeliveryOption.PickerUP,
        expectedTotal: sale.unitPrice * sale.quantity,
      },
      handOver: true,
      payment: { type: 'Cash' },
      provisionalNumber: sale.provisionalNumber,
      deviceId: TABLET,
      soldAt: sale.soldAt,
      priceVersion: sale.priceVersion,
    },
    headers: { 'idempotency-key': idempotencyKey },
  });

const drawerOf = async (shiftId: string) => (await findShift(app.db, shiftId))?.cashSales;
const salesNumbered = (provisionalNumber: string) =>
  app.db
    .select()
    .from(counterSales)
    .where(and(eq(counterSales.deviceId, TABLET), eq(counterSales.provisionalNumber, provisionalNumber)));
const lekkiHistory = (productId: string) =>
  app.db
    .select({ oldPrice: productPriceHistory.oldPrice, newPrice: productPriceHistory.newPrice })
    .from(productPriceHistory)
    .where(and(eq(productPriceHistory.productId, productId), eq(productPriceHistory.centerId, lekki.id)))
    .orderBy(asc(productPriceHistory.version));

beforeAll(async () => {
  app = await buildTestApp();
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  cat = await catalogue(app);
  const list = (await app.inject({ method: 'GET', url: '/api/centers' })).json().centers as Center[];
  const byName = (name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no center named ${name}`);
    return found;
  };
  first = byName('Arrive Gas Center');
  lekki = byName('Arrive Lekki');
  await app.db.insert(shifts).values({ staffId: ceo.staffId, openingFloat: 0, centerId: first.id });
  // Enough of each at Lekki that no sale here is short of stock.
  for (const product of [cat.burner, cat.stove]) {
    const res = await injectAs(app, ceo.session, {
      method: 'PUT',
      url: `/api/quota/${product.id}?center=${lekki.id}`,
      payload: { stock: 1000 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await app?.close();
});

describe("a center's price changed while a tablet there is offline", () => {
  it('records a queued sale once, at the center price it was sold at, and refuses that price on a later shift', async () => {
    const companyPrice = cat.burner.price;
    const p1 = companyPrice + 200_000;
    const p2 = companyPrice + 350_000;
    await setLekkiPrice(cat.burner.id, p1);
    const { seller, shift } = await sellerAtLekki();
    // The tablet takes Lekki's catalogue (version N, the burner at P1) and goes offline.
    const held = await lekkiCatalogue(cat.burner.id);
    expect(held.price).toBe(p1);
    await tick();
    const soldBefore = new Date().toISOString();
    await tick();
    // The manager changes Lekki's price: a new catalogue version, the catalogue at P2.
    await setLekkiPrice(cat.burner.id, p2);
    const now = await lekkiCatalogue(cat.burner.id);
    expect(now.price).toBe(p2);
    expect(now.version).toBeGreaterThan(held.version);
    expect(await lekkiHistory(cat.burner.id)).toEqual([
      { oldPrice: null, newPrice: p1 },
      { oldPrice: p1, newPrice: p2 },
    ]);
    await tick();

    // The sale queued before the change syncs: at P1, the drawer growing by P1 × 2.
    const sale = {
      phone: nextPhone(),
      productId: cat.burner.id,
      quantity: 2,
      unitPrice: p1,
      provisionalNumber: 'OFF-CPH001',
      soldAt: soldBefore,
      priceVersion: held.version,
    };
    const synced = await syncSale(seller, sale);
    expect(synced.statusCode, synced.body).toBe(201);
    expect(synced.json().order).toMatchObject({
      centerId: lekki.id,
      total: p1 * 2,
      createdAt: soldBefore,
      items: [{ unitPrice: p1 }],
    });
    expect(await drawerOf(shift.id)).toBe(p1 * 2);
    // Sent again under another key (the queue filled again): the same sale, the drawer unmoved.
    const again = await syncSale(seller, sale);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().order.id).toBe(synced.json().order.id);
    expect(await salesNumbered('OFF-CPH001')).toMatchObject([{ priceVersion: held.version }]);
    expect(await app.db.select().from(orders).where(eq(orders.id, synced.json().order.id))).toHaveLength(1);
    expect(await drawerOf(shift.id)).toBe(p1 * 2);

    // Sold after the change on the same shift, the tablet still offline with version N (in force
    // earlier in this shift): at P1 too, as with a company price change.
    const later = await syncSale(seller, {
      ...sale,
      phone: nextPhone(),
      quantity: 1,
      provisionalNumber: 'OFF-CPH002',
      soldAt: new Date().toISOString(),
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().order).toMatchObject({ total: p1, items: [{ unitPrice: p1 }] });
    expect(await drawerOf(shift.id)).toBe(p1 * 3);

    // A shift begun after the change never had P1: a sale there at P1 is refused, nothing recorded.
    const next = await sellerAtLekki();
    const refused = await syncSale(next.seller, {
      ...sale,
      quantity: 1,
      provisionalNumber: 'OFF-CPH003',
      soldAt: new Date().toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      additionalInfo: { reason: 'PriceVersionNotCurrent', priceVersion: held.version, currentVersion: now.version },
    });
    expect(await salesNumbered('OFF-CPH003')).toHaveLength(0);
    expect(await drawerOf(next.shift.id)).toBe(0);
    // With the version now, P2.
    const current = await syncSale(next.seller, {
      ...sale,
      quantity: 1,
      unitPrice: p2,
      provisionalNumber: 'OFF-CPH004',
      soldAt: new Date().toISOString(),
      priceVersion: now.version,
    });
    expect(current.statusCode, current.body).toBe(201);
    expect(current.json().order.total).toBe(p2);
    expect(await drawerOf(next.shift.id)).toBe(p2);

    // The company price's history lists the company's changes only.
    const history = await injectAs(app, ceo.session, {
      method: 'GET',
      url: `/api/product/price_history/${cat.burner.id}`,
    });
    expect(history.statusCode, history.body).toBe(200);
    const prices = (history.json() as { newPrice: number }[]).map((h) => h.newPrice);
    expect(prices).not.toContain(p1);
    expect(prices).not.toContain(p2);

    await setLekkiPrice(cat.burner.id, null);
  });

  it("counts removing a center's price as a change: a sale queued before it keeps the center's price", async () => {
    const companyPrice = cat.stove.price;
    const p1 = companyPrice - 100_000;
    await setLekkiPrice(cat.stove.id, p1);
    const { seller, shift } = await sellerAtLekki();
    const held = await lekkiCatalogue(cat.stove.id);
    expect(held.price).toBe(p1);
    await tick();
    const soldBefore = new Date().toISOString();
    await tick();
    // Lekki goes back to the company price.
    await setLekkiPrice(cat.stove.id, null);
    const now = await lekkiCatalogue(cat.stove.id);
    expect(now.price).toBe(companyPrice);
    expect(now.version).toBeGreaterThan(held.version);
    expect(await lekkiHistory(cat.stove.id)).toEqual([
      { oldPrice: null, newPrice: p1 },
      { oldPrice: p1, newPrice: null },
    ]);
    await tick();

    const sale = {
      productId: cat.stove.id,
      quantity: 1,
      unitPrice: p1,
      provisionalNumber: 'OFF-CPH101',
      soldAt: soldBefore,
      priceVersion: held.version,
    };
    const synced = await syncSale(seller, sale);
    expect(synced.statusCode, synced.body).toBe(201);
    expect(synced.json().order).toMatchObject({ total: p1, items: [{ unitPrice: p1 }] });
    expect(await drawerOf(shift.id)).toBe(p1);

    // On a shift begun after the removal, the center's price is gone: refused at it.
    const next = await sellerAtLekki();
    const refused = await syncSale(next.seller, {
      ...sale,
      provisionalNumber: 'OFF-CPH102',
      soldAt: new Date().toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ additionalInfo: { reason: 'PriceVersionNotCurrent' } });
    expect(await drawerOf(next.shift.id)).toBe(0);
    // With the version now, the company price.
    const current = await syncSale(next.seller, {
      ...sale,
      unitPrice: companyPrice,
      provisionalNumber: 'OFF-CPH103',
      soldAt: new Date().toISOString(),
      priceVersion: now.version,
    });
    expect(current.statusCode, current.body).toBe(201);
    expect(current.json().order.total).toBe(companyPrice);
  });

  it('writes no change when a center price is set to what it is, and each change takes the next version', async () => {
    const product = cat.cylinder12;
    const versionNow = async () => (await lekkiCatalogue(product.id)).version;
    const start = await versionNow();
    // No Lekki price of its own: removing it is no change.
    await setLekkiPrice(product.id, null);
    expect(await versionNow()).toBe(start);
    await setLekkiPrice(product.id, product.price + 1_000);
    await setLekkiPrice(product.id, product.price + 1_000);
    expect(await versionNow()).toBe(start + 1);
    await setLekkiPrice(product.id, null);
    await setLekkiPrice(product.id, null);
    expect(await versionNow()).toBe(start + 2);
    expect(await lekkiHistory(product.id)).toEqual([
      { oldPrice: null, newPrice: product.price + 1_000 },
      { oldPrice: product.price + 1_000, newPrice: null },
    ]);
  });
});
