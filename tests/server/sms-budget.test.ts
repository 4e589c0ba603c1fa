// SMS budgets: the texts staff cause are counted per phone and per staff member each clock hour.
// A counter receipt over a budget is not sent and the sale's answer says so; a code over it is
// refused (429); a delivery step's text is held back and its answer says so. A retried request
// counts nothing twice. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SMS_CODES_PER_PHONE_PER_HOUR,
  SMS_NOTICES_PER_PHONE_PER_HOUR,
  SMS_PER_STAFF_PER_HOUR,
  SMS_RECEIPTS_PER_PHONE_PER_HOUR,
} from '../../src/domain/constants';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import { normalizePhone } from '../../src/domain/phone';
import { otpCodes } from '../../src/server/modules/auth/tables';
import { notificationOutbox } from '../../src/server/modules/notification/tables';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { spendSmsBudget } from '../../src/server/modules/sms-budget/service';
import { smsBudgetCounters } from '../../src/server/modules/sms-budget/tables';
import { credit } from '../../src/server/modules/wallet/ledger';
import { wallets } from '../../src/server/modules/wallet/tables';
import { createPaidOrder } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let cat: Awaited<ReturnType<typeof catalogue>>;

const phone = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;
const international = (local: string) => {
  const p = normalizePhone(local);
  if (!p.pass) throw new Error(`not a phone: ${local}`);
  return p.international;
};
const textsTo = (local: string) => app.sms.outbox.list(local);

/**
 * The budgets count per clock hour: a test that could cross an hour starts in the next one. Only
 * the server's clock (Date) moves forward, and only this far; timers and the database stay real.
 */
async function wellInsideAnHour(needMs = 120_000) {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < needMs) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + left + 1_000);
  }
}

async function seller(): Promise<StaffActor> {
  const who = await staffActor(app, phone(), StaffRole.SalesAssociate, [StaffAccess.Staff]);
  await putOnShift(app, who.staffId);
  return who;
}

/** Fills a staff member's hour with texts to other numbers, all but `left` of their budget. */
async function spendStaffBudget(staffId: string, left: number) {
  for (let i = 0; i < SMS_PER_STAFF_PER_HOUR - left; i++) {
    const decision = await spendSmsBudget(app.db, {
      purpose: 'receipt',
      staffId,
      phone: phone(),
      messageKey: `filler:${staffId}:${i}`,
    });
    expect(decision.allowed).toBe(true);
  }
}

let keySeq = 0;
const key = () => `sms-budget-${Date.now()}-${++keySeq}`;
const unpaidSale = (to: string) => ({
  phone: to,
  order: {
    type: OrderType.Product,
    items: [{ productId: cat.stove.id, quantity: 1 }],
    deliveryOption: DeliveryOption.PickerUP,
  },
});
const sell = (who: Session, body: Record<string, unknown>, idempotencyKey = key()) =>
  injectAs(app, who, {
    method: 'POST',
    url: '/api/client/new_order',
    payload: body,
    headers: { 'idempotency-key': idempotencyKey },
  });

const counter = async (kind: string, k: string) =>
  (
    await app.db
      .select({ n: smsBudgetCounters.n })
      .from(smsBudgetCounters)
      .where(and(eq(smsBudgetCounters.kind, kind), eq(smsBudgetCounters.key, k)))
  ).reduce((sum, row) => sum + row.n, 0);

beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  cat = await catalogue(app);
});
afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await app?.close();
});

describe('counter receipts', () => {
  it('thirty unpaid sales for one phone send the budget of receipts; each sale stands and says the SMS was not sent', async () => {
    await wellInsideAnHour(240_000);
    const desk = await seller();
    const customer = phone();
    const answers = [];
    for (let i = 0; i < 30; i++) {
      const res = await sell(desk.session, unpaidSale(customer));
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json());
    }
    expect(textsTo(customer)).toHaveLength(SMS_RECEIPTS_PER_PHONE_PER_HOUR);
    const sent = answers.filter((a) => a.sms.sent);
    const withheld = answers.filter((a) => !a.sms.sent);
    expect(sent).toHaveLength(SMS_RECEIPTS_PER_PHONE_PER_HOUR);
    for (const a of sent) expect(a.sale.receiptSms).toBe('sent');
    expect(withheld).toHaveLength(30 - SMS_RECEIPTS_PER_PHONE_PER_HOUR);
    for (const a of withheld) {
      expect(a.order.status).toBe('Not Paid');
      expect(a.sale.receiptSms).toBe('withheld');
      expect(a.sms).toMatchObject({ sent: false, reason: 'SmsBudgetReached', budget: 'phone' });
      expect(a.sms.message).toMatch(/SMS receipt was not sent: this phone number has had 5/);
      // The next clock hour.
      const retryAfter = new Date(a.sms.retryAfter).getTime();
      expect(retryAfter % 3_600_000).toBe(0);
      expect(retryAfter).toBeGreaterThan(Date.now());
      expect(retryAfter - Date.now()).toBeLessThanOrEqual(3_600_000);
    }
    // Only what was sent is counted: the phone's counter stays at its budget.
    expect(await counter('phone:receipt', international(customer))).toBe(SMS_RECEIPTS_PER_PHONE_PER_HOUR);
    expect(await counter('staff', desk.staffId)).toBe(SMS_RECEIPTS_PER_PHONE_PER_HOUR);

    // Another phone is not held back by this one's budget.
    const other = phone();
    const res = await sell(desk.session, unpaidSale(other));
    expect(res.json().sms).toEqual({ sent: true });
    expect(textsTo(other)).toHaveLength(1);
  });

  it("stops at the staff member's budget across several phones, and another colleague still texts those phones", async () => {
    await wellInsideAnHour();
    const desk = await seller();
    await spendStaffBudget(desk.staffId, 2);
    const phones = [phone(), phone(), phone()];
    const answers = [];
    for (const to of phones) answers.push((await sell(desk.session, unpaidSale(to))).json());
    expect(answers.map((a) => a.sms.sent)).toEqual([true, true, false]);
    expect(answers[2].sms).toMatchObject({ reason: 'SmsBudgetReached', budget: 'staff' });
    expect(answers[2].sms.message).toMatch(/you have sent 60 texts this hour/);
    expect(textsTo(phones[0] as string)).toHaveLength(1);
    expect(textsTo(phones[2] as string)).toHaveLength(0);
    // The refusal took nothing from the phone's own budget.
    expect(await counter('phone:receipt', international(phones[2] as string))).toBe(0);
    expect(await counter('staff', desk.staffId)).toBe(SMS_PER_STAFF_PER_HOUR);

    const colleague = await seller();
    const res = await sell(colleague.session, unpaidSale(phones[2] as string));
    expect(res.json().sms).toEqual({ sent: true });
    expect(textsTo(phones[2] as string)).toHaveLength(1);
  });

  it('a retried sale (same Idempotency-Key) sends and counts its receipt once', async () => {
    await wellInsideAnHour();
    const desk = await seller();
    const customer = phone();
    const k = key();
    const first = await sell(desk.session, unpaidSale(customer), k);
    const again = await sell(desk.session, unpaidSale(customer), k);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(textsTo(customer)).toHaveLength(1);
    expect(await counter('phone:receipt', international(customer))).toBe(1);
    expect(await counter('staff', desk.staffId)).toBe(1);

    // The same message spent again by its key (a second instance, a replayed event): counted once,
    // and a refusal is answered the same way again.
    const message = { purpose: 'receipt' as const, staffId: desk.staffId, phone: customer, messageKey: 'same' };
    expect(await spendSmsBudget(app.db, message)).toEqual({ allowed: true });
    expect(await spendSmsBudget(app.db, message)).toEqual({ allowed: true, repeated: true });
    expect(await counter('phone:receipt', international(customer))).toBe(2);
    for (let i = 2; i < SMS_RECEIPTS_PER_PHONE_PER_HOUR; i++) {
      await spendSmsBudget(app.db, { ...message, messageKey: `more-${i}` });
    }
    const refused = await spendSmsBudget(app.db, { ...message, messageKey: 'over' });
    expect(refused).toMatchObject({ allowed: false, budget: 'phone' });
    expect(await spendSmsBudget(app.db, { ...message, messageKey: 'over' })).toEqual(refused);
    expect(await counter('phone:receipt', international(customer))).toBe(SMS_RECEIPTS_PER_PHONE_PER_HOUR);
  });

  it('many sends at once never pass the budget', async () => {
    await wellInsideAnHour();
    const desk = await seller();
    const customer = phone();
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        spendSmsBudget(app.db, { purpose: 'receipt', staffId: desk.staffId, phone: customer, messageKey: `race-${i}` }),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(SMS_RECEIPTS_PER_PHONE_PER_HOUR);
    expect(await counter('phone:receipt', international(customer))).toBe(SMS_RECEIPTS_PER_PHONE_PER_HOUR);
  });
});

describe('hand-over codes', () => {
  it("are refused with 429 once the owner's phone has had its codes this hour, across orders", async () => {
    await wellInsideAnHour();
    const desk = await seller();
    const ownerPhone = phone();
    const owner = await signInAs(app, ownerPhone);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await createPaidOrder(app, owner.clientId));
    const send = (orderId: string) =>
      injectAs(app, desk.session, { method: 'POST', url: '/api/pickup/handover-code', payload: { orderId } });
    let sent = 0;
    for (const order of orders.slice(0, 2)) {
      for (let i = 0; i < SMS_CODES_PER_PHONE_PER_HOUR / 2; i++) {
        const res = await send(order.id);
        expect(res.statusCode, res.body).toBe(200);
        sent++;
      }
    }
    expect(sent).toBe(SMS_CODES_PER_PHONE_PER_HOUR);
    const refused = await send((orders[2] as { id: string }).id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      type: 'RateLimited',
      additionalInfo: { reason: 'SmsBudgetReached', scope: 'phone' },
    });
    expect(refused.json().message).toMatch(/The code was not sent.*Ask a supervisor to approve the hand-over/);
    expect(app.sms.outbox.list(ownerPhone).filter((m) => m.body.includes('hand-over code'))).toHaveLength(sent);
  });

  it("are refused with 429 once the staff member's own budget is spent", async () => {
    await wellInsideAnHour();
    const desk = await seller();
    await spendStaffBudget(desk.staffId, 0);
    const owner = await signInAs(app, phone());
    const order = await createPaidOrder(app, owner.clientId);
    const res = await injectAs(app, desk.session, {
      method: 'POST',
      url: '/api/pickup/handover-code',
      payload: { orderId: order.id },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().additionalInfo).toMatchObject({ reason: 'SmsBudgetReached', scope: 'staff' });
    expect(res.json().additionalInfo.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('wallet codes at the counter', () => {
  it("are refused with 429 (nothing recorded) once the seller's budget is spent", async () => {
    await wellInsideAnHour();
    const desk = await seller();
    const customerPhone = phone();
    const customer = await signInAs(app, customerPhone);
    const created = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/wallet/create',
      payload: { firstname: 'Chidi', lastname: 'Eze', email: `chidi${randomInt(1e6)}@example.com`, consentGiven: true },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
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
    await spendStaffBudget(desk.staffId, 0);
    const order = { ...unpaidSale(customerPhone).order, expectedTotal: cat.stove.price };
    const res = await sell(desk.session, { phone: customerPhone, order, payment: { type: 'Wallet' } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      type: 'RateLimited',
      additionalInfo: { reason: 'SmsBudgetReached', scope: 'staff' },
    });
    expect(res.json().message).toMatch(/The code was not sent.*Take cash or POS\/transfer/);
    expect(textsTo(customerPhone)).toHaveLength(0);
    const codes = await app.db.select().from(otpCodes).where(eq(otpCodes.clientId, customer.clientId));
    expect(codes.filter((c) => c.purpose === 'wallet-sale')).toHaveLength(0);
  });
});

describe("a dispatcher's delivery step", () => {
  it('stands over the budget; its answer says the text was held back and the text is not sent', async () => {
    await wellInsideAnHour();
    const dispatcher = await staffActor(app, phone(), StaffRole.Manager, [StaffAccess.Staff]);
    await putOnShift(app, dispatcher.staffId);
    const rider = await staffActor(app, phone(), StaffRole.DeliveryPerson, [StaffAccess.Staff]);
    await putOnShift(app, rider.staffId);
    const ownerPhone = phone();
    const owner = await signInAs(app, ownerPhone);
    const order = await createOrder(
      app.db,
      owner.clientId,
      {
        type: 'Gas',
        items: [{ productId: cat.gas.id, quantity: 12.5, sizeKg: 12.5 }],
        deliveryOption: 'HomeDelivery',
        homeDeliveryType: 'oneWay',
        address: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 },
      },
      { legs: app.orderLegs },
    );
    await markOrderPaid(app.db, order.id, 'Electronic');
    const delivery = await injectAs(app, owner, { method: 'GET', url: `/api/delivery/order/${order.id}` });
    const id = delivery.json().id as string;
    const assigned = await injectAs(app, dispatcher.session, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { riderId: rider.staffId, replacing: null },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // The owner's phone has had its notices this hour.
    for (let i = 0; i < SMS_NOTICES_PER_PHONE_PER_HOUR; i++) {
      await spendSmsBudget(app.db, {
        purpose: 'notice',
        staffId: rider.staffId,
        phone: ownerPhone,
        messageKey: `notice-filler-${i}`,
      });
    }
    const k = key();
    const moved = await injectAs(app, dispatcher.session, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'CarrierPickup' },
      headers: { 'idempotency-key': k },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'CarrierPickup',
      sms: { sent: false, reason: 'SmsBudgetReached', budget: 'phone' },
    });
    const [row] = await app.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.eventKey, `out-for-delivery:${id}`), eq(notificationOutbox.channel, 'sms')));
    expect(row).toMatchObject({ status: 'skipped', lastError: 'SMS budget reached (phone)' });
    await app.notifications.tick();
    expect(app.sms.outbox.list(ownerPhone).filter((m) => m.body.includes('out for delivery'))).toHaveLength(0);
    // Held back, it took nothing from the dispatcher's own budget.
    expect(await counter('staff', dispatcher.staffId)).toBe(0);

    // Under the budget, the next step's text goes out and is counted against the dispatcher.
    await app.db.delete(smsBudgetCounters).where(eq(smsBudgetCounters.key, international(ownerPhone)));
    const step = (status: string) =>
      injectAs(app, dispatcher.session, { method: 'PUT', url: `/api/delivery/status/${id}`, payload: { status } });
    // Out for delivery was told (held back) already: this step queues nothing.
    const onTheRoad = await step('InTransit');
    expect(onTheRoad.statusCode, onTheRoad.body).toBe(200);
    expect(onTheRoad.json().sms).toBeUndefined();
    const delivered = await step('Delivered');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().sms).toEqual({ sent: true });
    expect(await counter('staff', dispatcher.staffId)).toBe(1);
    expect(await counter('phone:notice', international(ownerPhone))).toBe(1);
  });
});
