// Stock per gas center: each center's quota rows, taken by its own orders and given back to it;
// a new center counting, at 0, what the others count; the shop's `?center=` catalogue; the staff
// stock routes per center (CEO and Manager any, others the center of their shift); supplies
// received at a center; a center's own price over the company's; and stock transfers between
// centers, received or cancelled exactly once, whatever races. The demo seed gives the test app
// two centers with different stock: the first (Arrive Gas Center) and Arrive Lekki.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { AuditAction } from '../../src/domain/schemas/audit';
import type { Center } from '../../src/domain/schemas/center';
import type { Product } from '../../src/domain/schemas/product';
import type { Quota } from '../../src/domain/schemas/quota';
import type { StockTransfer } from '../../src/domain/schemas/stock-transfer';
import { auditEvents } from '../../src/server/modules/audit/tables';
import { quotas } from '../../src/server/modules/quota/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let ceo: StaffActor;
/** A sales associate on a shift at the first center, and one at Arrive Lekki. */
let atFirst: StaffActor;
let atLekki: StaffActor;
let first: Center;
let lekki: Center;
let cat: Awaited<ReturnType<typeof catalogue>>;

let phoneSeq = 0;
const nextPhone = () => `0809${String(4_440_000 + phoneSeq++).padStart(7, '0')}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: Session | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  injectAs(app, who, { method, url, ...(payload ? { payload } : {}) });

/** Opens a shift at a center directly in the database. */
async function onShiftAt(actor: StaffActor, centerId: string) {
  await app.db.insert(shifts).values({ staffId: actor.staffId, openingFloat: 0, centerId });
}

/** A center's stock of a product as the database has it (undefined: no row). */
async function stockAt(productId: string, centerId: string): Promise<number | null | undefined> {
  const [row] = await app.db
    .select({ stock: quotas.stock })
    .from(quotas)
    .where(and(eq(quotas.productId, productId), eq(quotas.centerId, centerId)));
  return row ? row.stock : undefined;
}

/** Sets a center's stock of a product through the staff route, as the CEO. */
async function setStock(productId: string, centerId: string, stock: number | null) {
  const res = await call(ceo.session, 'PUT', `/api/quota/${productId}?center=${centerId}`, { stock });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Quota;
}

const shop = async (center?: string) => {
  const res = await call(null, 'GET', `/api/product/${center ? `?center=${center}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { products: Product[]; priceVersion: number };
};

const auditOf = (action: AuditAction) => app.db.select().from(auditEvents).where(eq(auditEvents.action, action));

/** A client's pickup order of one product at a center. */
const pickup = (client: Session, productId: string, quantity: number, centerId: string, type = OrderType.Product) =>
  call(client, 'POST', '/api/order/new', {
    type,
    items: [{ productId, quantity }],
    deliveryOption: DeliveryOption.PickerUP,
    centerId,
  });

beforeAll(async () => {
  app = await buildTestApp();
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  cat = await catalogue(app);
  const list = (await call(null, 'GET', '/api/centers')).json().centers as Center[];
  const byName = (name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no center named ${name}`);
    return found;
  };
  first = byName('Arrive Gas Center');
  lekki = byName('Arrive Lekki');
  await onShiftAt(ceo, first.id);
  atFirst = await staffActor(app, nextPhone(), StaffRole.SalesAssociate, [StaffAccess.Staff]);
  atLekki = await staffActor(app, nextPhone(), StaffRole.SalesAssociate, [StaffAccess.Staff]);
  await onShiftAt(atFirst, first.id);
  await onShiftAt(atLekki, lekki.id);
});
afterAll(async () => {
  await app?.close();
});

describe('the demo seed', () => {
  it('gives the two centers different stock', async () => {
    expect(await stockAt(cat.cylinder12.id, first.id)).toBe(400);
    expect(await stockAt(cat.cylinder12.id, lekki.id)).toBe(90);
    // Gas is counted nowhere in the demo: unlimited at both.
    expect(await stockAt(cat.gas.id, first.id)).toBeUndefined();
    expect(await stockAt(cat.gas.id, lekki.id)).toBeUndefined();
  });
});

describe('the shop catalogue of a center', () => {
  it("answers the center's stock in the same shape, the first center's without one", async () => {
    const plain = await shop();
    const atFirstCenter = await shop(first.id);
    const atLekkiCenter = await shop(lekki.id);
    expect(Object.keys(plain).sort()).toEqual(['priceVersion', 'products']);
    expect(plain).toEqual(atFirstCenter);
    const left = (list: { products: Product[] }, id: string) => list.products.find((p) => p.id === id)?.available;
    expect(left(plain, cat.cylinder12.id)).toBe(400);
    expect(left(atLekkiCenter, cat.cylinder12.id)).toBe(90);
    expect(left(atLekkiCenter, cat.gas.id)).toBeNull();
    // One product and its quota, at a center.
    const one = await call(null, 'GET', `/api/product/${cat.cylinder12.id}?center=${lekki.id}`);
    expect(one.json()).toMatchObject({ id: cat.cylinder12.id, available: 90 });
    const quota = await call(null, 'GET', `/api/product/quota/${cat.cylinder12.id}?center=${lekki.id}`);
    expect(quota.json().quota).toMatchObject({ centerId: lekki.id, stock: 90 });
  });

  it('answers 404 with the error object for a center that does not exist', async () => {
    for (const id of ['6f1d9a52-0000-4000-8000-000000000000', 'not-a-center']) {
      const res = await call(null, 'GET', `/api/product/?center=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, type: 'NotFound', message: 'Gas center not found' });
    }
  });

  it("keeps each center's copy in memory with its own ETag, and drops both on a stock change", async () => {
    const a = await call(null, 'GET', `/api/product/?center=${first.id}`);
    const b = await call(null, 'GET', `/api/product/?center=${lekki.id}`);
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const again = await injectAs(app, null, {
      method: 'GET',
      url: `/api/product/?center=${lekki.id}`,
      headers: { 'if-none-match': b.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    await setStock(cat.burner.id, lekki.id, 7);
    const after = await call(null, 'GET', `/api/product/?center=${lekki.id}`);
    expect(after.headers.etag).not.toBe(b.headers.etag);
    expect((after.json() as { products: Product[] }).products.find((p) => p.id === cat.burner.id)?.available).toBe(7);
    expect(((await shop(first.id)).products.find((p) => p.id === cat.burner.id) as Product).available).not.toBe(7);
  });
});

describe('orders take and give back the stock of their own center', () => {
  it('lets racing orders at two centers take no more than each center has', async () => {
    await setStock(cat.stove.id, first.id, 3);
    await setStock(cat.stove.id, lekki.id, 2);
    const clients = await Promise.all(Array.from({ length: 5 }, () => signInAs(app, nextPhone())));
    const results = await Promise.all(
      clients.flatMap((client) => [
        pickup(client, cat.stove.id, 1, first.id),
        pickup(client, cat.stove.id, 1, lekki.id),
      ]),
    );
    const placedAt = (centerId: string) =>
      results.filter((r) => r.statusCode === 201 && r.json().centerId === centerId).length;
    expect(placedAt(first.id)).toBe(3);
    expect(placedAt(lekki.id)).toBe(2);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(r.json()).toMatchObject({ status: 409, additionalInfo: { reason: 'QuotaExceeded' } });
    expect(await stockAt(cat.stove.id, first.id)).toBe(0);
    expect(await stockAt(cat.stove.id, lekki.id)).toBe(0);
  });

  it("counts the daily limit per center, and a cancelled order gives back to its own center's row", async () => {
    const client = await signInAs(app, nextPhone());
    await setStock(cat.burner.id, lekki.id, 10);
    const limit = await call(ceo.session, 'PUT', `/api/quota/${cat.burner.id}?center=${lekki.id}`, { dailyLimit: 2 });
    expect(limit.statusCode, limit.body).toBe(200);
    const firstBefore = await stockAt(cat.burner.id, first.id);
    const placed = await pickup(client, cat.burner.id, 2, lekki.id);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockAt(cat.burner.id, lekki.id)).toBe(8);
    // Lekki's limit is reached; the first center has none.
    const over = await pickup(client, cat.burner.id, 1, lekki.id);
    expect(over.json()).toMatchObject({ status: 409, additionalInfo: { reason: 'DailyLimitReached' } });
    const elsewhere = await pickup(client, cat.burner.id, 1, first.id);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const cancel = await call(client, 'POST', `/api/order/cancel/${placed.json().orderNumber}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockAt(cat.burner.id, lekki.id)).toBe(10);
    expect(await stockAt(cat.burner.id, first.id)).toBe(
      typeof firstBefore === 'number' ? firstBefore - 1 : firstBefore,
    );
    const [row] = await app.db
      .select({ taken: quotas.takenToday })
      .from(quotas)
      .where(and(eq(quotas.productId, cat.burner.id), eq(quotas.centerId, lekki.id)));
    expect(row?.taken).toBe(0);
    await call(ceo.session, 'PUT', `/api/quota/${cat.burner.id}?center=${lekki.id}`, { dailyLimit: null });
  });
});

describe('an order moved to another center', () => {
  it('gives its stock back where it leaves and takes it where it goes, refused when that center has not enough', async () => {
    const client = await signInAs(app, nextPhone());
    await setStock(cat.cylinder12.id, first.id, 10);
    await setStock(cat.cylinder12.id, lekki.id, 3);
    const placed = await pickup(client, cat.cylinder12.id, 2, first.id);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockAt(cat.cylinder12.id, first.id)).toBe(8);
    const move = (centerId: string) =>
      call(ceo.session, 'POST', `/api/admin/orders/${placed.json().id}/move`, {
        centerId,
        reason: 'Closer to the client',
      });
    const moved = await move(lekki.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stockAt(cat.cylinder12.id, first.id)).toBe(10);
    expect(await stockAt(cat.cylinder12.id, lekki.id)).toBe(1);
    // Back to the first center, then Lekki has too little for it: refused, nothing changed.
    expect((await move(first.id)).statusCode).toBe(200);
    await setStock(cat.cylinder12.id, lekki.id, 1);
    const refused = await move(lekki.id);
    expect(refused.json()).toMatchObject({ status: 409, additionalInfo: { reason: 'QuotaExceeded', available: 1 } });
    expect(await stockAt(cat.cylinder12.id, first.id)).toBe(8);
    expect(await stockAt(cat.cylinder12.id, lekki.id)).toBe(1);
    // Cancelled where it is now: its stock goes back there.
    expect((await call(client, 'POST', `/api/order/cancel/${placed.json().orderNumber}`)).statusCode).toBe(200);
    expect(await stockAt(cat.cylinder12.id, first.id)).toBe(10);
  });
});

describe('the staff stock routes of a center', () => {
  it("show a member the stock of their shift's center, and refuse another center's", async () => {
    const own = await call(atLekki.session, 'GET', '/api/quota/');
    expect(own.statusCode).toBe(200);
    const rows = own.json().quotas as Quota[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((q) => q.centerId))).toEqual(new Set([lekki.id]));
    const other = await call(atLekki.session, 'GET', `/api/quota/?center=${first.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ type: 'Forbidden', additionalInfo: { reason: 'NotYourCenter' } });
    // The CEO reads any center's; an unknown center is a 404.
    const ceoRead = await call(ceo.session, 'GET', `/api/quota/all_supplier?center=${lekki.id}`);
    expect(ceoRead.statusCode).toBe(200);
    expect((await call(ceo.session, 'GET', '/api/quota/?center=6f1d9a52-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it("lets a Manager change any center's stock, and an Admin only their shift's, each in the audit trail", async () => {
    const manager = await staffActor(app, nextPhone(), StaffRole.Manager, [StaffAccess.Manager]);
    await onShiftAt(manager, first.id);
    const admin = await staffActor(app, nextPhone(), StaffRole.Admin, [StaffAccess.Admin]);
    await onShiftAt(admin, first.id);
    const was = await stockAt(cat.cylinder12.id, lekki.id);
    const firstWas = await stockAt(cat.cylinder12.id, first.id);
    const byManager = await call(manager.session, 'PUT', `/api/quota/${cat.cylinder12.id}?center=${lekki.id}`, {
      stock: 91,
      stockWas: was,
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json()).toMatchObject({ centerId: lekki.id, stock: 91 });
    const byAdmin = await call(admin.session, 'PUT', `/api/quota/${cat.cylinder12.id}?center=${lekki.id}`, {
      stock: 1,
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(await stockAt(cat.cylinder12.id, lekki.id)).toBe(91);
    expect(await stockAt(cat.cylinder12.id, first.id)).toBe(firstWas);
    const [entry] = (await auditOf('stock.changed')).filter(
      (e) => (e.changes as { centerId?: string }).centerId === lekki.id && e.staffId === manager.staffId,
    );
    expect(entry?.changes).toMatchObject({ centerName: 'Arrive Lekki', after: { stock: 91 } });
  });

  it('adds a supply received to the stock of the center it arrived at', async () => {
    await setStock(cat.gas.id, lekki.id, 100);
    await setStock(cat.gas.id, first.id, 500);
    const supplier = await call(ceo.session, 'POST', '/api/supplier/new', {
      name: 'Lekki Gas Depot',
      phoneNumber: '08031112222',
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    const supplierId = (supplier.json() as { id: string }).id;
    const arrived = await call(ceo.session, 'POST', '/api/supply/new_delivery', {
      supplierId,
      centerId: lekki.id,
      quantityKg: 50,
      amount: 5_000_000,
    });
    expect(arrived.statusCode, arrived.body).toBe(201);
    expect(arrived.json()).toMatchObject({ centerId: lekki.id, deliveredKg: 50 });
    expect(await stockAt(cat.gas.id, lekki.id)).toBe(150);
    expect(await stockAt(cat.gas.id, first.id)).toBe(500);
    // Asked for at the first center (the CEO's shift), then delivered there.
    const asked = await call(ceo.session, 'POST', '/api/supply/new', { supplierId, quantityKg: 20, amount: 10 });
    expect(asked.json()).toMatchObject({ centerId: first.id });
    const delivered = await call(ceo.session, 'POST', '/api/supply/delivery', {
      supplyId: asked.json().id,
      status: 'Delivered',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await stockAt(cat.gas.id, first.id)).toBe(520);
    expect(await stockAt(cat.gas.id, lekki.id)).toBe(150);
    // Back to unlimited gas, as the other suites expect of the demo.
    await call(ceo.session, 'DELETE', `/api/quota/${cat.gas.id}?center=${lekki.id}`);
    await call(ceo.session, 'DELETE', `/api/quota/${cat.gas.id}?center=${first.id}`);
    expect(await stockAt(cat.gas.id, first.id)).toBeUndefined();
  });
});

describe('a new center', () => {
  it('starts counting, at 0, every product counted elsewhere, and leaves the rest unlimited', async () => {
    const res = await call(ceo.session, 'POST', '/api/centers', {
      name: 'Arrive Ajah',
      address: 'Addo Road, Ajah, Lagos',
      location: { lat: 6.4698, lng: 3.5852 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ajah = res.json() as Center;
    expect(await stockAt(cat.cylinder12.id, ajah.id)).toBe(0);
    expect(await stockAt(cat.gas.id, ajah.id)).toBeUndefined();
    const list = await shop(ajah.id);
    expect(list.products.find((p) => p.id === cat.cylinder12.id)?.available).toBe(0);
    expect(list.products.find((p) => p.id === cat.gas.id)?.available).toBeNull();
    const client = await signInAs(app, nextPhone());
    const refused = await pickup(client, cat.cylinder12.id, 1, ajah.id);
    expect(refused.json()).toMatchObject({ status: 409, additionalInfo: { reason: 'QuotaExceeded', available: 0 } });
  });
});

describe("a center's own price", () => {
  it('prices orders and the catalogue at that center, and is audited when set and removed', async () => {
    const companyPrice = cat.burner.price;
    const lekkiPrice = companyPrice + 150_000;
    const set = await call(ceo.session, 'PUT', `/api/product/center_price/${cat.burner.id}`, {
      centerId: lekki.id,
      price: lekkiPrice,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ centerId: lekki.id, productId: cat.burner.id, price: lekkiPrice });
    const listed = await call(ceo.session, 'GET', '/api/product/center_prices');
    expect(listed.json().prices).toContainEqual({ centerId: lekki.id, productId: cat.burner.id, price: lekkiPrice });

    const priceIn = (list: { products: Product[] }) => list.products.find((p) => p.id === cat.burner.id)?.price;
    expect(priceIn(await shop(lekki.id))).toBe(lekkiPrice);
    expect(priceIn(await shop(first.id))).toBe(companyPrice);

    const client = await signInAs(app, nextPhone());
    const atLekkiOrder = await pickup(client, cat.burner.id, 2, lekki.id);
    expect(atLekkiOrder.statusCode, atLekkiOrder.body).toBe(201);
    expect(atLekkiOrder.json()).toMatchObject({ subtotal: lekkiPrice * 2, items: [{ unitPrice: lekkiPrice }] });
    const atFirstOrder = await pickup(client, cat.burner.id, 1, first.id);
    expect(atFirstOrder.json()).toMatchObject({ subtotal: companyPrice, items: [{ unitPrice: companyPrice }] });

    // A walk-in sale at Lekki (the seller's shift is there) is priced at Lekki's price too.
    const sale = await call(atLekki.session, 'POST', '/api/client/new_order', {
      phone: nextPhone(),
      order: {
        type: OrderType.Product,
        items: [{ productId: cat.burner.id, quantity: 1 }],
        deliveryOption: DeliveryOption.PickerUP,
        expectedTotal: lekkiPrice,
      },
      payment: { type: 'Cash' },
      handOver: true,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().order).toMatchObject({
      centerId: lekki.id,
      total: lekkiPrice,
      items: [{ unitPrice: lekkiPrice }],
    });

    // Removed: the company price again, at once for orders placed from remembered products too.
    const removed = await call(ceo.session, 'PUT', `/api/product/center_price/${cat.burner.id}`, {
      centerId: lekki.id,
      price: null,
    });
    expect(removed.statusCode).toBe(200);
    const after = await pickup(client, cat.burner.id, 1, lekki.id);
    expect(after.json()).toMatchObject({ items: [{ unitPrice: companyPrice }] });
    expect(priceIn(await shop(lekki.id))).toBe(companyPrice);

    const entries = await auditOf('product.center_price');
    expect(entries.map((e) => (e.changes as { price: unknown }).price)).toEqual(
      expect.arrayContaining([
        [null, lekkiPrice],
        [lekkiPrice, null],
      ]),
    );
    // Staff at one center do not set another center's price.
    const admin = await staffActor(app, nextPhone(), StaffRole.Admin, [StaffAccess.Admin]);
    await onShiftAt(admin, first.id);
    const refused = await call(admin.session, 'PUT', `/api/product/center_price/${cat.burner.id}`, {
      centerId: lekki.id,
      price: 1,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('stock transfers between centers', () => {
  const send = (who: StaffActor, body: Record<string, unknown>) =>
    call(who.session, 'POST', '/api/centers/transfers', body);
  const receive = (who: StaffActor, id: string) => call(who.session, 'POST', `/api/centers/transfers/${id}/receive`);
  const cancel = (who: StaffActor, id: string) => call(who.session, 'POST', `/api/centers/transfers/${id}/cancel`);
  const total = async (productId: string) =>
    ((await stockAt(productId, first.id)) ?? 0) + ((await stockAt(productId, lekki.id)) ?? 0);
  const cylinder = () => cat.cylinder12.id;

  it('takes the stock off the sender at once, and refuses more than it has', async () => {
    await setStock(cylinder(), first.id, 20);
    await setStock(cylinder(), lekki.id, 5);
    const sent = await send(atFirst, {
      fromCenterId: first.id,
      toCenterId: lekki.id,
      productId: cylinder(),
      quantity: 8,
      note: 'For the weekend',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = sent.json() as StockTransfer;
    expect(transfer).toMatchObject({
      fromCenterName: 'Arrive Gas Center',
      toCenterName: 'Arrive Lekki',
      productName: '12.5 kg gas cylinder',
      quantity: 8,
      status: 'InTransit',
      note: 'For the weekend',
      receivedAt: null,
    });
    expect(transfer.sentBy).toEqual(expect.any(String));
    expect(await stockAt(cylinder(), first.id)).toBe(12);
    expect(await stockAt(cylinder(), lekki.id)).toBe(5);

    const tooMuch = await send(atFirst, {
      fromCenterId: first.id,
      toCenterId: lekki.id,
      productId: cylinder(),
      quantity: 13,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      type: 'Conflict',
      additionalInfo: { reason: 'NotEnoughStock', available: 12 },
    });
    // Not counted at the sender: nothing to send from.
    const uncounted = await send(atFirst, {
      fromCenterId: first.id,
      toCenterId: lekki.id,
      productId: cat.gas.id,
      quantity: 5,
    });
    expect(uncounted.json()).toMatchObject({ status: 409, additionalInfo: { reason: 'NotCounted' } });
    // Sent only from the center of one's shift (CEO and Manager: any); items are whole.
    const fromElsewhere = await send(atLekki, {
      fromCenterId: first.id,
      toCenterId: lekki.id,
      productId: cylinder(),
      quantity: 1,
    });
    expect(fromElsewhere.statusCode).toBe(403);
    const half = await send(atFirst, {
      fromCenterId: first.id,
      toCenterId: lekki.id,
      productId: cylinder(),
      quantity: 0.5,
    });
    expect(half.statusCode).toBe(400);
    const toItself = await send(atFirst, {
      fromCenterId: first.id,
      toCenterId: first.id,
      productId: cylinder(),
      quantity: 1,
    });
    expect(toItself.statusCode).toBe(400);
    expect(await stockAt(cylinder(), first.id)).toBe(12);

    // Received at Lekki only, and only once, however many receive it at once.
    expect((await receive(atFirst, transfer.id)).statusCode).toBe(403);
    const both = await Promise.all([
      receive(atLekki, transfer.id),
      receive(atLekki, transfer.id),
      receive(ceo, transfer.id),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const done = both.find((r) => r.statusCode === 200)?.json() as StockTransfer;
    expect(done).toMatchObject({ status: 'Received', receivedAt: expect.any(String) });
    for (const r of both.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ additionalInfo: { reason: 'NotInTransit', status: 'Received' } });
    }
    expect(await stockAt(cylinder(), lekki.id)).toBe(13);
    expect(await stockAt(cylinder(), first.id)).toBe(12);
    expect((await receive(atLekki, transfer.id)).statusCode).toBe(409);
    expect((await cancel(atFirst, transfer.id)).statusCode).toBe(409);
    expect(await total(cylinder())).toBe(25);
  });

  it('is received or cancelled, never both, when the two race', async () => {
    for (let round = 0; round < 4; round++) {
      const before = await total(cylinder());
      const sent = await send(atFirst, {
        fromCenterId: first.id,
        toCenterId: lekki.id,
        productId: cylinder(),
        quantity: 2,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = (sent.json() as StockTransfer).id;
      const [received, cancelled] = await Promise.all([receive(atLekki, id), cancel(atFirst, id)]);
      expect([received.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      expect(await total(cylinder())).toBe(before);
      const listed = (await call(ceo.session, 'GET', `/api/centers/transfers?center=${lekki.id}`)).json()
        .transfers as StockTransfer[];
      expect(listed.find((t) => t.id === id)?.status).toBe(received.statusCode === 200 ? 'Received' : 'Cancelled');
    }
  });

  it('gives a cancelled transfer back to the sender once, and lists each center its transfers', async () => {
    const before = await stockAt(cylinder(), first.id);
    const sent = await send(ceo, { fromCenterId: first.id, toCenterId: lekki.id, productId: cylinder(), quantity: 3 });
    const id = (sent.json() as StockTransfer).id;
    expect(await stockAt(cylinder(), first.id)).toBe((before ?? 0) - 3);
    // Cancelled by the sender's side only.
    expect((await cancel(atLekki, id)).statusCode).toBe(403);
    const cancelled = await cancel(atFirst, id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'Cancelled', cancelledBy: expect.any(String) });
    expect(await stockAt(cylinder(), first.id)).toBe(before);
    expect((await cancel(atFirst, id)).json()).toMatchObject({ additionalInfo: { status: 'Cancelled' } });
    expect((await receive(atLekki, id)).statusCode).toBe(409);
    expect(await stockAt(cylinder(), first.id)).toBe(before);

    const inTransit = await send(atLekki, {
      fromCenterId: lekki.id,
      toCenterId: first.id,
      productId: cylinder(),
      quantity: 1,
    });
    expect(inTransit.statusCode, inTransit.body).toBe(201);
    const lekkiList = await call(atLekki.session, 'GET', '/api/centers/transfers?status=InTransit');
    expect(lekkiList.statusCode).toBe(200);
    const listed = lekkiList.json().transfers as StockTransfer[];
    expect(listed.map((t) => t.id)).toEqual([inTransit.json().id]);
    expect((await call(atLekki.session, 'GET', `/api/centers/transfers?center=${first.id}`)).statusCode).toBe(403);
    const all = (await call(atFirst.session, 'GET', '/api/centers/transfers')).json().transfers as StockTransfer[];
    expect(all.every((t) => t.fromCenterId === first.id || t.toCenterId === first.id)).toBe(true);
    expect(all[0]?.id).toBe(inTransit.json().id);

    // Every step in the audit trail.
    const sentEntries = await auditOf('stock.transfer_sent');
    expect(sentEntries.find((e) => (e.changes as { transferId: string }).transferId === id)).toMatchObject({
      staffId: ceo.staffId,
      subject: '12.5 kg gas cylinder',
    });
    const cancelledEntries = await auditOf('stock.transfer_cancelled');
    expect(cancelledEntries.find((e) => (e.changes as { transferId: string }).transferId === id)).toMatchObject({
      staffId: atFirst.staffId,
      changes: { centerId: first.id, quantity: 3, counted: true },
    });
    expect((await auditOf('stock.transfer_received')).length).toBeGreaterThan(0);
  });
});
