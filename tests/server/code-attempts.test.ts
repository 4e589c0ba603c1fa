// Every code with a wrong-try limit — the hand-over code at the pickup desk, the wallet sale code at
// the counter, the sign-in code — is compared at most OTP_MAX_ATTEMPTS times, however many guesses
// arrive at the same moment. The guesses below are sent all at once: on PostgreSQL
// (TEST_DATABASE_URL set) they run on several pooled connections, which is where a count read
// before the comparison let extra guesses through; on PGlite they share its one connection.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import { OTP_MAX_ATTEMPTS } from '../../src/server/modules/auth/limits';
import { type OtpPurpose, otpCodes } from '../../src/server/modules/auth/tables';
import { orders } from '../../src/server/modules/order/tables';
import { pickups } from '../../src/server/modules/pickup/tables';
import { credit } from '../../src/server/modules/wallet/ledger';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, signInAs, webHeaders } from '../../src/server/test-utils/test-app';
import { staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

const BURST = 12;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const phone = () => `0807${String(randomInt(10_000_000)).padStart(7, '0')}`;
/** Six-digit codes that are certainly not `right`. */
const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'));

type Kind = 'wrong' | 'tooMany' | 'accepted' | 'other';
/**
 * What one answer says: the code was compared and found wrong ("not correct", with the tries
 * left), or it was not compared because the tries were used up. An answer of "not correct" to a
 * guess that came after the limit is the fault this suite is about.
 */
function kindOf(res: LightMyRequestResponse): Kind {
  if (res.statusCode < 300) return 'accepted';
  const body = res.json();
  if (body.type !== 'InvalidOTPCode') return 'other';
  if (body.message === 'The code is not correct') return 'wrong';
  if (body.additionalInfo?.reason === 'TooManyTries') return 'tooMany';
  return 'other';
}
const count = (kinds: Kind[], kind: Kind) => kinds.filter((k) => k === kind).length;

async function codeRow(purpose: OtpPurpose, where: { subjectId?: string; clientId?: string }) {
  const [row] = await app.db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.purpose, purpose),
        where.subjectId ? eq(otpCodes.subjectId, where.subjectId) : undefined,
        where.clientId ? eq(otpCodes.clientId, where.clientId) : undefined,
      ),
    )
    .orderBy(sql`${otpCodes.createdAt} desc`)
    .limit(1);
  if (!row) throw new Error(`no ${purpose} code`);
  return row;
}

/** The wrong guesses of a burst: exactly the limit compared (tries left 4…0), the rest never compared. */
function expectComparedOnlyUpToTheLimit(answers: LightMyRequestResponse[]) {
  const kinds = answers.map(kindOf);
  expect(count(kinds, 'other'), answers.map((a) => a.body).join('\n')).toBe(0);
  expect(count(kinds, 'wrong')).toBe(OTP_MAX_ATTEMPTS);
  expect(count(kinds, 'tooMany')).toBe(BURST - OTP_MAX_ATTEMPTS);
  const left = answers
    .filter((a) => kindOf(a) === 'wrong')
    .map((a) => a.json().additionalInfo.attemptsLeft as number)
    .sort();
  expect(left).toEqual(Array.from({ length: OTP_MAX_ATTEMPTS }, (_, i) => i));
}

/** On PostgreSQL the burst really ran side by side: the pool opened several connections for it. */
async function expectSeveralConnections() {
  if (app.database.kind !== 'postgres') return;
  const res = await app.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`,
  );
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  expect(rows[0]?.n).toBeGreaterThan(1);
}

describe('the hand-over code at the pickup desk', () => {
  async function handoverCase() {
    const ownerPhone = phone();
    const owner = await signInAs(app, ownerPhone);
    const desk = await signInAs(app, phone());
    await putOnShift(app, desk.clientId);
    const order = await createPaidOrder(app, owner.clientId);
    const sent = await injectAs(app, desk, {
      method: 'POST',
      url: '/api/pickup/handover-code',
      payload: { orderId: order.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = app.sms.outbox
      .list(ownerPhone)
      .find((m) => m.body.includes(order.orderNumber))
      ?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error('no hand-over code in the outbox');
    const confirm = (guess: string) =>
      injectAs(app, desk, {
        method: 'POST',
        url: '/api/pickup/handover-code/confirm',
        payload: { orderId: order.id, code: guess },
      });
    return { order, code, confirm };
  }
  const completed = (orderId: string) =>
    app.db
      .select()
      .from(pickups)
      .where(and(eq(pickups.orderId, orderId), eq(pickups.status, 'Completed')));

  it('compares twelve simultaneous wrong guesses only five times, then refuses the right code', async () => {
    const { order, code, confirm } = await handoverCase();
    const answers = await Promise.all(wrongCodes(code, BURST).map(confirm));
    expectComparedOnlyUpToTheLimit(answers);
    await expectSeveralConnections();

    const row = await codeRow('handover', { subjectId: order.id });
    expect(row).toMatchObject({ attempts: OTP_MAX_ATTEMPTS, closedReason: 'burned' });
    const late = await confirm(code);
    expect(late.statusCode).toBe(400);
    expect(kindOf(late)).toBe('tooMany');
    expect((await codeRow('handover', { subjectId: order.id })).attempts).toBe(OTP_MAX_ATTEMPTS);
    expect(await completed(order.id)).toHaveLength(0);
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.isDelivered).toBe(false);
  });

  it('takes the right code sent among wrong ones only if it was one of the first five compared', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, code, confirm } = await handoverCase();
      // The right code last: the eleven wrong ones are under way before it.
      const answers = await Promise.all([...wrongCodes(code, BURST - 1), code].map(confirm));
      const kinds = answers.map(kindOf);
      const accepted = count(kinds, 'accepted');
      const compared = count(kinds, 'wrong') + accepted;
      expect(compared).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      const row = await codeRow('handover', { subjectId: order.id });
      expect(row.attempts).toBe(count(kinds, 'wrong'));
      expect(row.closedReason).toBe(accepted ? 'used' : 'burned');
      expect(await completed(order.id)).toHaveLength(accepted);
    }
  });
});

describe('the wallet sale code at the counter', () => {
  it('compares twelve simultaneous wrong guesses only five times, then refuses the right code', async () => {
    const cat = await catalogue(app);
    const associate = await staffActor(app, phone(), StaffRole.SalesAssociate, [StaffAccess.Staff]);
    const started = await injectAs(app, associate.session, {
      method: 'POST',
      url: '/api/shift/start',
      payload: { openingFloat: 0 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const customerPhone = phone();
    const customer = await signInAs(app, customerPhone);
    const created = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/wallet/create',
      payload: { firstname: 'Ngozi', lastname: 'Okafor', email: 'ngozi@example.com', consentGiven: true },
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
    const order = {
      type: OrderType.Product,
      items: [{ productId: cat.stove.id, quantity: 1 }],
      deliveryOption: DeliveryOption.PickerUP,
      expectedTotal: cat.stove.price,
    };
    let seq = 0;
    const sell = (code?: string) =>
      injectAs(app, associate.session, {
        method: 'POST',
        url: '/api/client/new_order',
        payload: {
          phone: customerPhone,
          order,
          payment: { type: 'Wallet', ...(code ? { code } : {}) },
          handOver: true,
        },
        headers: { 'idempotency-key': `code-attempts-${Date.now()}-${++seq}` },
      });
    const asked = await sell();
    expect(asked.json()).toMatchObject({ additionalInfo: { reason: 'WalletCodeSent' } });
    const code =
      app.sms.outbox
        .list(customerPhone)
        .at(-1)
        ?.body.match(/code: (\d{6})/)?.[1] ?? '';

    const answers = await Promise.all(wrongCodes(code, BURST).map((guess) => sell(guess)));
    expectComparedOnlyUpToTheLimit(answers);
    await expectSeveralConnections();
    expect(await codeRow('wallet-sale', { subjectId: customer.clientId })).toMatchObject({
      attempts: OTP_MAX_ATTEMPTS,
      closedReason: 'burned',
    });

    const late = await sell(code);
    expect(kindOf(late)).toBe('tooMany');
    const debits = await app.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, wallet.id), eq(walletTransactions.type, 'Debit')));
    expect(debits).toHaveLength(0);
  });
});

describe('the sign-in code', () => {
  it('compares twelve simultaneous wrong guesses only five times, then refuses the right code', async () => {
    const number = phone();
    const jar: Record<string, string> = {};
    const post = async (url: string, payload: object) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: {
          ...webHeaders,
          'x-forwarded-for': '10.9.0.1',
          cookie: Object.entries(jar)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        },
        payload,
      });
      return res;
    };
    const signup = await post('/api/auth/signup', { phoneNumber: number });
    expect(signup.statusCode, signup.body).toBe(200);
    for (const c of signup.cookies) jar[c.name] = c.value;
    const { clientId } = signup.json();
    const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${number}` });
    const code = (outbox.json().messages as { body: string }[])[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';

    const answers = await Promise.all(
      wrongCodes(code, BURST).map((optCode) => post('/api/auth/opt_confirmation', { optCode })),
    );
    expectComparedOnlyUpToTheLimit(answers);
    await expectSeveralConnections();
    expect(await codeRow('signin', { clientId })).toMatchObject({ attempts: OTP_MAX_ATTEMPTS, closedReason: 'burned' });

    const late = await post('/api/auth/opt_confirmation', { optCode: code });
    expect(kindOf(late)).toBe('tooMany');
    expect(late.cookies.find((c) => c.name === 'arrive_at' && c.value !== '')).toBeUndefined();
  });
});
