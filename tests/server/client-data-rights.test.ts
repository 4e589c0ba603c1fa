import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIDER_POSITION_RETENTION_MS, SPENT_CODE_RETENTION_MS } from '../../src/domain/constants';
import { otpCodes } from '../../src/server/modules/auth/tables';
import { clients } from '../../src/server/modules/client/tables';
import { clientCylinders } from '../../src/server/modules/cylinder/tables';
import { deliveries, deliverySteps, homeVisits } from '../../src/server/modules/delivery/tables';
import { notificationPreferences, pushSubscriptions } from '../../src/server/modules/notification/tables';
import { orderItems, orders } from '../../src/server/modules/order/tables';
import { savedCards } from '../../src/server/modules/payment/tables';
import { runRetention } from '../../src/server/modules/privacy/retention';
import { products } from '../../src/server/modules/product/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { payOrderFromWallet } from '../../src/server/modules/wallet/pay-order';
import { reconcileWallets } from '../../src/server/modules/wallet/reconcile';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { insertUnpaidOrder } from './payment-support';

let app: FastifyInstance;
const PHONE = '08031110001';
const DAY = 24 * 60 * 60 * 1000;

const post = (session: Session | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  injectAs(app, session, { method: 'POST', url, payload: payload as object, headers });
const get = (session: Session | null, url: string) => injectAs(app, session, { method: 'GET', url });
const erase = (session: Session, confirmation = 'DELETE') =>
  post(session, '/api/client/me/delete', { confirmation }, { 'idempotency-key': randomUUID() });

async function fundWallet(session: Session, amount: number) {
  const details = (await get(session, '/api/wallet/details')).json();
  const res = await post(session, '/api/wallet/simulate_transfer', {
    accountNumber: details.virtualAccount.accountNumber,
    amount,
  });
  expect(res.statusCode).toBe(200);
}

/** An order paid from the wallet, then handed over (as the counter would), so nothing is owed. */
async function spendOnCollectedOrder(session: Session, amount: number) {
  const order = await insertUnpaidOrder(app, session.clientId, amount);
  await payOrderFromWallet(app, session.clientId, order.orderNumber);
  return order;
}
const markCollected = (orderId: string) =>
  app.db
    .update(orders)
    .set({ status: 'Delivered', isDelivered: true, deliveredAt: new Date() })
    .where(eq(orders.id, orderId));

const ledgerOf = async (clientId: string) => {
  const [wallet] = await app.db.select().from(wallets).where(eq(wallets.clientId, clientId));
  if (!wallet) throw new Error('no wallet');
  const rows = await app.db.select().from(walletTransactions).where(eq(walletTransactions.walletId, wallet.id));
  return { wallet, rows: rows.sort((a, b) => a.reference.localeCompare(b.reference)) };
};

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("a client's data: export and deletion", () => {
  let ada: Session;
  let paidOrderId = '';

  beforeAll(async () => {
    ada = await signInAs(app, PHONE);
    const profile = await injectAs(app, ada, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstname: 'Ada', lastname: 'Obi', email: 'ada.rights@example.com' },
    });
    expect(profile.statusCode).toBe(200);
    const wallet = await post(ada, '/api/wallet/create', {
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'ada.rights@example.com',
      consentGiven: true,
    });
    expect(wallet.statusCode).toBe(200);
    await fundWallet(ada, 50_000);
    paidOrderId = (await spendOnCollectedOrder(ada, 50_000)).id;
    const [product] = await app.db.select().from(products).limit(1);
    if (!product) throw new Error('no product in the catalogue');
    await app.db.insert(orderItems).values({
      orderId: paidOrderId,
      productId: product.id,
      name: product.name,
      unitPrice: 50_000,
      quantity: 1,
      lineTotal: 50_000,
    });
    // A home delivery with an address, a nominee, and a rider who shared positions on the way.
    const home = await insertUnpaidOrder(app, ada.clientId, 9_000);
    const address = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' };
    await app.db
      .update(orders)
      .set({
        deliveryOption: 'HomeDelivery',
        deliveryAddress: address,
        nomineeName: 'Chi',
        nomineePhone: '08030009999',
      })
      .where(eq(orders.id, home.id));
    const [delivery] = await app.db
      .insert(deliveries)
      .values({
        orderId: home.id,
        clientId: ada.clientId,
        address,
        fee: 1_000,
        lastLat: 6.500917,
        lastLng: 3.370913,
        carrierName: 'Musa Ibrahim',
        vehicle: 'Bike',
      })
      .returning();
    await app.db
      .insert(deliverySteps)
      .values({ deliveryId: delivery?.id ?? '', status: 'InTransit', byRider: true, lat: 6.514271, lng: 3.382619 });
    await app.db.insert(homeVisits).values({
      clientId: ada.clientId,
      purpose: 'SafetyCheck',
      preferredDate: '2030-01-01',
      timeSlot: 'Morning',
      address,
      contactPhone: PHONE,
      note: 'Gate is blue',
    });
    await app.db
      .insert(clientCylinders)
      .values({ clientId: ada.clientId, sizeKg: 12.5, serialNumber: 'SN-ADA-1', expiryDate: '2031-05-01' });
    await app.db.insert(pushSubscriptions).values({
      clientId: ada.clientId,
      endpoint: 'https://push.example/ada',
      p256dh: 'secret-p256dh-key',
      auth: 'secret-auth-key',
    });
    await app.db.insert(notificationPreferences).values({ clientId: ada.clientId, refillReminders: true });
    await app.db.insert(savedCards).values({
      clientId: ada.clientId,
      email: 'ada.rights@example.com',
      authorizationCode: 'AUTH_secret_charge_code',
      bin: '408408',
      last4: '4081',
      expMonth: '12',
      expYear: '2030',
    });
  });

  it('exports everything tied to the client as a JSON download, and no secret', async () => {
    const res = await get(ada, '/api/client/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="arrive-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ phoneLocal: PHONE, firstname: 'Ada', email: 'ada.rights@example.com' });
    expect(data.orders).toHaveLength(2);
    const paid = data.orders.find((o: { id: string }) => o.id === paidOrderId);
    expect(paid.items).toEqual([expect.objectContaining({ lineTotal: 50_000, quantity: 1 })]);
    expect(paid.timeline.map((e: { status: string }) => e.status)).toContain('Paid');
    expect(data.wallet).toMatchObject({ firstname: 'Ada', balance: 0 });
    expect(data.walletLedger.map((t: { type: string }) => t.type).sort()).toEqual(['Credit', 'Debit']);
    expect(data.consents.walletAccountConsentGivenAt).toEqual(expect.any(String));
    expect(data.consents.notificationPreferences).toMatchObject({ refillReminders: true });
    expect(data.deliveryAddresses[0].address).toMatchObject({ line1: '12 Herbert Macaulay Way' });
    expect(data.cylinders).toEqual([expect.objectContaining({ serialNumber: 'SN-ADA-1' })]);
    expect(data.deliveries).toHaveLength(1);
    // The rider as the client was shown them: the first name, never the rest.
    expect(data.deliveries[0]).toMatchObject({ carrierName: 'Musa', vehicle: 'Bike' });
    expect(JSON.stringify(data)).not.toContain('Ibrahim');
    expect(data.homeVisits).toEqual([expect.objectContaining({ note: 'Gate is blue' })]);
    expect(data.pushSubscriptions).toEqual([expect.objectContaining({ endpoint: 'https://push.example/ada' })]);
    expect(data.savedCard).toMatchObject({ last4: '4081' });
    expect(data.sessions.length).toBeGreaterThan(0);
    for (const secret of [
      'AUTH_secret_charge_code',
      'secret-p256dh-key',
      'secret-auth-key',
      'refreshTokenHash',
      'codeHash',
    ]) {
      expect(res.body).not.toContain(secret);
    }
    // The rider's positions are the rider's: figures with enough digits that no time or id holds them.
    for (const position of ['6.500917', '3.370913', '6.514271', '3.382619']) {
      expect(res.body).not.toContain(position);
    }
  });

  it('refuses a deletion without the typed confirmation, changing nothing', async () => {
    const res = await erase(ada, 'delete me');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'InvalidInput', additionalInfo: { reason: 'ConfirmationMissing' } });
    const [row] = await app.db.select().from(clients).where(eq(clients.id, ada.clientId));
    expect(row).toMatchObject({ phoneLocal: PHONE, firstname: 'Ada', deletedAt: null });
  });

  it('refuses while an order is paid but not collected, naming it', async () => {
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, paidOrderId));
    const res = await erase(ada);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: 'Conflict',
      additionalInfo: { reason: 'OrdersOwed', orders: [paid?.orderNumber] },
    });
    expect(res.json().message).toContain(paid?.orderNumber);
    await markCollected(paidOrderId);
  });

  it('refuses while the wallet holds money, saying how much', async () => {
    await fundWallet(ada, 2_500);
    const res = await erase(ada);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ additionalInfo: { reason: 'WalletBalance', balance: 2_500 } });
    expect(res.json().message).toContain('₦25.00');
    await markCollected((await spendOnCollectedOrder(ada, 2_500)).id);
  });

  it('refuses a current staff member, and lets a former one go', async () => {
    const tunde = await signInAs(app, '08031110002');
    const [member] = await app.db
      .insert(staff)
      .values({ clientId: tunde.clientId, role: 'Sales Associate', access: ['Staff'] })
      .returning();
    const refused = await erase(tunde);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'Forbidden', additionalInfo: { reason: 'CurrentStaff' } });
    await app.db
      .update(staff)
      .set({ isCurrentStaff: false })
      .where(eq(staff.id, member?.id ?? ''));
    expect((await erase(tunde)).statusCode).toBe(200);
  });

  it('erases the person, keeps orders and ledger under a pseudonym, and the ledger still reconciles', async () => {
    const before = await ledgerOf(ada.clientId);
    const ordersBefore = await app.db.select().from(orders).where(eq(orders.clientId, ada.clientId));

    const res = await erase(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, deletedAt: expect.any(String) });
    expect(String(res.headers['set-cookie'])).toContain('arrive_at=;');

    const [row] = await app.db.select().from(clients).where(eq(clients.id, ada.clientId));
    expect(row?.phoneLocal).toMatch(/^deleted-[0-9a-f]{16}$/);
    expect(row).toMatchObject({ phoneInternational: row?.phoneLocal, firstname: null, lastname: null, email: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    // The accounts: every order is still there (the unpaid one cancelled), with its amount.
    const ordersAfter = await app.db.select().from(orders).where(eq(orders.clientId, ada.clientId));
    expect(ordersAfter.map((o) => [o.id, o.total]).sort()).toEqual(ordersBefore.map((o) => [o.id, o.total]).sort());
    expect(ordersAfter.filter((o) => o.status === 'Not Paid')).toEqual([]);
    for (const o of ordersAfter) {
      expect(o.nomineeName).toBeNull();
      expect(o.nomineePhone).toBeNull();
      if (o.deliveryAddress) expect(o.deliveryAddress).toEqual({ line1: 'Erased', city: 'Erased', state: 'Erased' });
    }
    const after = await ledgerOf(ada.clientId);
    expect(after.rows).toEqual(before.rows);
    expect(after.wallet).toMatchObject({ balance: 0, walletNumber: before.wallet.walletNumber });
    expect(after.wallet.firstname).toBe(row?.phoneLocal);
    expect(after.wallet.email).toBe(`${row?.phoneLocal}@deleted.invalid`);
    const report = await reconcileWallets(app.db);
    expect(report.differences).toEqual([]);
    expect(report.walletsChecked).toBeGreaterThan(0);

    // The personal rest is gone.
    expect(await app.db.select().from(savedCards).where(eq(savedCards.clientId, ada.clientId))).toEqual([]);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.clientId, ada.clientId))).toEqual(
      [],
    );
    expect(await app.db.select().from(clientCylinders).where(eq(clientCylinders.clientId, ada.clientId))).toEqual([]);
    const [visit] = await app.db.select().from(homeVisits).where(eq(homeVisits.clientId, ada.clientId));
    expect(visit).toMatchObject({ contactPhone: row?.phoneLocal, note: null, address: { line1: 'Erased' } });
    const [delivery] = await app.db.select().from(deliveries).where(eq(deliveries.clientId, ada.clientId));
    expect(delivery).toMatchObject({ lastLat: null, lastLng: null, address: { line1: 'Erased' } });
    const steps = await app.db
      .select()
      .from(deliverySteps)
      .where(eq(deliverySteps.deliveryId, delivery?.id ?? ''));
    expect(steps.map((s) => [s.status, s.lat, s.lng])).toEqual([['InTransit', null, null]]);
  });

  it('signs the old sessions out, and the old number no longer reaches the account', async () => {
    expect((await get(ada, '/api/client/me/export')).statusCode).toBe(401);
    expect((await get(ada, '/api/auth/profile')).statusCode).toBe(401);

    const login = await post(null, '/api/auth/login', { phoneNumber: PHONE });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({ type: 'NoUserFound' });

    const signup = await post(null, '/api/auth/signup', { phoneNumber: PHONE });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().clientId).not.toBe(ada.clientId);
    const fresh = await signInAs(app, PHONE);
    expect(fresh.clientId).toBe(signup.json().clientId);
    const data = (await get(fresh, '/api/client/me/export')).json();
    expect(data).toMatchObject({ orders: [], wallet: null, walletLedger: [], cylinders: [] });
  });

  it('answers an erased account no second time', async () => {
    const res = await erase({ ...ada });
    expect(res.statusCode).toBe(401);
  });
});

describe('retention', () => {
  it('clears rider positions of deliveries ended long ago and deletes spent codes, keeping recent ones', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const owner = await signInAs(app, '08031110003');
    const delivery = async (status: 'Delivered' | 'Cancelled' | 'InTransit', endedAgo: number) => {
      const order = await insertUnpaidOrder(app, owner.clientId, 1_000);
      const [row] = await app.db
        .insert(deliveries)
        .values({
          orderId: order.id,
          clientId: owner.clientId,
          status,
          address: { line1: '1 Broad Street', city: 'Lagos Island', state: 'Lagos' },
          fee: 1_000,
          statusChangedAt: ago(endedAgo),
          lastLat: 6.45,
          lastLng: 3.39,
        })
        .returning();
      await app.db.insert(deliverySteps).values([
        { deliveryId: row?.id ?? '', status: 'InTransit', byRider: true, lat: 6.44, lng: 3.4, at: ago(endedAgo + DAY) },
        { deliveryId: row?.id ?? '', status, byRider: true, lat: 6.45, lng: 3.39, at: ago(endedAgo) },
      ]);
      return row?.id ?? '';
    };
    const old = await delivery('Delivered', RIDER_POSITION_RETENTION_MS + DAY);
    const oldCancelled = await delivery('Cancelled', RIDER_POSITION_RETENTION_MS + DAY);
    const recent = await delivery('Delivered', RIDER_POSITION_RETENTION_MS - DAY);
    // Still on its way after all this time: not ended, so its positions stay.
    const open = await delivery('InTransit', RIDER_POSITION_RETENTION_MS + DAY);

    const code = (expiresAgo: number, closedReason: 'used' | null) => ({
      clientId: owner.clientId,
      purpose: 'signin' as const,
      codeHash: randomUUID(),
      expiresAt: ago(expiresAgo),
      createdAt: ago(expiresAgo + 5 * 60_000),
      closedAt: closedReason ? ago(expiresAgo + 60_000) : null,
      closedReason,
    });
    const codes = await app.db
      .insert(otpCodes)
      .values([
        code(SPENT_CODE_RETENTION_MS + 60 * 60_000, 'used'),
        code(SPENT_CODE_RETENTION_MS + 60 * 60_000, null),
        code(SPENT_CODE_RETENTION_MS - 60 * 60_000, 'used'),
        code(-4 * 60_000, null),
      ])
      .returning({ id: otpCodes.id });

    const report = await runRetention(app.db, now);
    expect(report.riderPositionsCleared).toBeGreaterThanOrEqual(4);
    expect(report.spentCodesDeleted).toBeGreaterThanOrEqual(2);

    const positions = async (id: string) => {
      const steps = await app.db.select().from(deliverySteps).where(eq(deliverySteps.deliveryId, id));
      const [row] = await app.db.select().from(deliveries).where(eq(deliveries.id, id));
      return {
        steps: steps.map((s) => s.lat !== null || s.lng !== null),
        last: row?.lastLat !== null,
        count: steps.length,
      };
    };
    expect(await positions(old)).toEqual({ steps: [false, false], last: false, count: 2 });
    expect(await positions(oldCancelled)).toEqual({ steps: [false, false], last: false, count: 2 });
    expect(await positions(recent)).toEqual({ steps: [true, true], last: true, count: 2 });
    expect(await positions(open)).toEqual({ steps: [true, true], last: true, count: 2 });

    const left = await app.db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(sql`${otpCodes.id} in ${codes.map((c) => c.id)}`);
    expect(left.map((c) => c.id).sort()).toEqual([codes[2]?.id, codes[3]?.id].sort());

    // Once more changes nothing: the pass is idempotent.
    expect(await runRetention(app.db, now)).toEqual({ riderPositionsCleared: 0, spentCodesDeleted: 0 });
  });
});
