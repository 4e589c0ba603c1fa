// Told when things move: an event writes its outbox rows once, in the event's own transaction;
// the worker sends each once, retries a failing provider with backoff and gives up marking it
// failed, while the action that caused it has already succeeded. Switches turn channels off.
import { createDecipheriv, createECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidPublicKeyObject } from '../../src/server/integrations/push/web-push';
import { SmsSendError } from '../../src/server/integrations/sms/sms-provider';
import { changeDeliveryStatus } from '../../src/server/modules/delivery/service';
import { deliveries } from '../../src/server/modules/delivery/tables';
import { outboxRowsFor } from '../../src/server/modules/notification/service';
import { notificationOutbox, pushSubscriptions } from '../../src/server/modules/notification/tables';
import { runOutboxOnce } from '../../src/server/modules/notification/worker';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import type { OrderRow } from '../../src/server/modules/order/tables';
import { orders } from '../../src/server/modules/order/tables';
import { applyRefundEvent } from '../../src/server/modules/payment/refunds';
import { payments } from '../../src/server/modules/payment/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { insertUnpaidOrder, readOrder } from './payment-support';

let app: FastifyInstance;

type Received = { headers: IncomingHttpHeaders; body: Buffer; path: string };

/** A push service of the test's own: a local listener the app is told, explicitly, it may call. */
let pushService: Server;
let origin = '';
const received: Received[] = [];
let answer = 201;

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  app = await buildTestApp({ countQueries: true, allowLocalOrigins: [origin] });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => pushService.close(resolve));
});

let phoneSeq = 0;
async function fundedClient(): Promise<Session & { phone: string }> {
  phoneSeq += 1;
  const phone = `0803${String(4200000 + phoneSeq).padStart(7, '0')}`;
  const session = await signInAs(app, phone);
  const created = await injectAs(app, session, {
    method: 'POST',
    url: '/api/wallet/create',
    payload: { firstname: 'Ngozi', lastname: 'Told', email: `ngozi${phoneSeq}@example.com`, consentGiven: true },
  });
  expect(created.statusCode, created.body).toBe(200);
  const funded = await injectAs(app, session, {
    method: 'POST',
    url: '/api/wallet/simulate_transfer',
    payload: { accountNumber: created.json().virtualAccount.accountNumber, amount: 5_000_000 },
  });
  expect(funded.statusCode, funded.body).toBe(200);
  return { ...session, phone };
}

const payFromWallet = (session: Session, orderNumber: string, key: string) =>
  injectAs(app, session, {
    method: 'POST',
    url: '/api/payment/wallet',
    payload: { orderNumber },
    headers: { 'idempotency-key': key },
  });

const smsTo = (phone: string) => app.sms.outbox.list(phone).map((m) => m.body);

/** Sends until nothing is due (the worker's own pass, at the real time). */
async function drain() {
  while ((await runOutboxOnce(app)) > 0) {}
}

describe('an event writes one outbox row', () => {
  it('a retried wallet payment (same Idempotency-Key, then a new one) writes one row, and the pay call never waits for the SMS', async () => {
    const ngozi = await fundedClient();
    const order = await insertUnpaidOrder(app, ngozi.clientId, 120_000);
    const first = await payFromWallet(ngozi, order.orderNumber, 'notify-pay-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await payFromWallet(ngozi, order.orderNumber, 'notify-pay-1');
    expect(again.statusCode).toBe(200);
    await payFromWallet(ngozi, order.orderNumber, 'notify-pay-2');
    // The order service itself, asked again, adds nothing either.
    await app.db.transaction((tx) => markOrderPaid(tx, order.id, 'Wallet'));

    const rows = await outboxRowsFor(app.db, `order-paid:${order.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', kind: 'order-paid', status: 'pending', attempts: 0 });
    // Nothing was sent during the request: the worker sends.
    expect(smsTo(ngozi.phone).filter((b) => b.includes(order.orderNumber))).toEqual([]);
  });
});

describe('the worker', () => {
  it('sends the paid SMS once, with the receipt link and (a pickup order) the pickup code', async () => {
    const ngozi = await fundedClient();
    const order = await insertUnpaidOrder(app, ngozi.clientId, 150_000);
    expect((await payFromWallet(ngozi, order.orderNumber, `send-once-${order.id}`)).statusCode).toBe(200);
    await drain();
    await drain();
    const mine = smsTo(ngozi.phone).filter((b) => b.includes(order.orderNumber));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('ready for pickup');
    expect(mine[0]).toContain(`Pickup code: ${order.pickupCode}`);
    expect(mine[0]).toContain(`http://localhost:8080/order/${order.orderNumber}/receipt`);
    const [row] = await outboxRowsFor(app.db, `order-paid:${order.id}`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('a pass is one statement to claim the messages, with each client’s switch and number, and one per message sent', async () => {
    const ngozi = await fundedClient();
    const first = await insertUnpaidOrder(app, ngozi.clientId, 110_000);
    const second = await insertUnpaidOrder(app, ngozi.clientId, 120_000);
    for (const order of [first, second]) {
      expect((await payFromWallet(ngozi, order.orderNumber, `one-pass-${order.id}`)).statusCode).toBe(200);
    }
    const { result: settled, statements } = await app.database.statementsOf(() => runOutboxOnce(app));
    expect(settled).toBeGreaterThanOrEqual(2);
    // Three a message before: the switches, the phone number, the result.
    expect(statements).toBe(1 + settled);
    for (const order of [first, second]) {
      expect(smsTo(ngozi.phone).filter((b) => b.includes(order.orderNumber))).toHaveLength(1);
    }
  });

  it('retries a failing provider with growing waits, gives up after N tries marking it failed; the payment stood', async () => {
    const ngozi = await fundedClient();
    const order = await insertUnpaidOrder(app, ngozi.clientId, 90_000);
    const realProvider = app.sms.provider;
    let calls = 0;
    app.sms.provider = {
      name: 'termii',
      async send() {
        calls += 1;
        throw new SmsSendError('The SMS provider could not be reached');
      },
    };
    try {
      const paid = await payFromWallet(ngozi, order.orderNumber, `fail-${order.id}`);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');

      const key = `order-paid:${order.id}`;
      const t0 = Date.now() + 1000;
      const options = { maxAttempts: 3, baseDelayMs: 60_000, batchSize: 500 };
      const at = (ms: number) => ({ ...options, now: () => new Date(t0 + ms) });
      const row = async () => (await outboxRowsFor(app.db, key))[0];

      await runOutboxOnce(app, at(0));
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row())?.nextAttemptAt.getTime()).toBe(t0 + 60_000);
      expect((await row())?.lastError).toContain('could not be reached');

      // Not due yet: nothing is tried.
      const before = calls;
      await runOutboxOnce(app, at(59_000));
      expect(calls).toBe(before);

      await runOutboxOnce(app, at(60_000));
      expect(await row()).toMatchObject({ status: 'pending', attempts: 2 });
      // The second wait is twice the first.
      expect((await row())?.nextAttemptAt.getTime()).toBe(t0 + 60_000 + 120_000);

      await runOutboxOnce(app, at(180_000));
      expect(await row()).toMatchObject({ status: 'failed', attempts: 3 });

      await runOutboxOnce(app, at(10_000_000));
      expect(await row()).toMatchObject({ status: 'failed', attempts: 3 });
    } finally {
      app.sms.provider = realProvider;
    }
    expect(smsTo(ngozi.phone).filter((b) => b.includes(order.orderNumber))).toEqual([]);
  });

  it('a message whose claim ran out is taken again, and a late finish of the first claim changes nothing', async () => {
    const ngozi = await fundedClient();
    const order = await insertUnpaidOrder(app, ngozi.clientId, 80_000);
    expect((await payFromWallet(ngozi, order.orderNumber, `lease-${order.id}`)).statusCode).toBe(200);
    const key = `order-paid:${order.id}`;
    // A worker claimed it and died: the lease is in the past.
    await app.db
      .update(notificationOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(notificationOutbox.eventKey, key));
    await drain();
    expect((await outboxRowsFor(app.db, key))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smsTo(ngozi.phone).filter((b) => b.includes(order.orderNumber))).toHaveLength(1);
  });
});

describe('delivery steps', () => {
  it('out for delivery (with the rider’s name) once, however often it goes back in transit, then delivered', async () => {
    const ngozi = await fundedClient();
    const staffer = await signInAs(app, '08039990001');
    // A dispatcher moves the delivery: every step is recorded in the audit trail as theirs.
    const stafferId = await putOnShift(app, staffer.clientId);
    const order = await insertUnpaidOrder(app, ngozi.clientId, 130_000);
    await app.db.update(orders).set({ deliveryOption: 'HomeDelivery' }).where(eq(orders.id, order.id));
    const [delivery] = await app.db
      .insert(deliveries)
      .values({
        orderId: order.id,
        clientId: ngozi.clientId,
        address: { line1: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos' },
        fee: 150_000,
      })
      .returning();
    if (!delivery) throw new Error('no delivery');
    expect((await payFromWallet(ngozi, order.orderNumber, `home-${order.id}`)).statusCode).toBe(200);
    const step = (status: Parameters<typeof changeDeliveryStatus>[2], carrier?: boolean) =>
      changeDeliveryStatus(app.db, delivery.id, status, {
        actorClientId: staffer.clientId,
        actorStaffId: stafferId,
        ...(carrier
          ? {
              carrier: {
                carrierName: 'Musa Ibrahim',
                carrierPhone: '08034445555',
                vehicle: 'Bike',
                carrierClientId: null,
              },
            }
          : {}),
      });
    await step('Accepted', true);
    await step('CarrierPickup');
    await step('InTransit');
    await step('CantLocateClientLocation');
    await step('InTransit');
    await step('Delivered');
    await drain();
    const mine = smsTo(ngozi.phone).filter((b) => b.includes(order.orderNumber));
    // Paid (no pickup code: a home delivery), on its way with Musa (once, with the code), delivered.
    expect(mine).toHaveLength(3);
    const paid = mine.find((b) => b.includes('payment received'));
    expect(paid).toBeDefined();
    expect(paid).not.toContain('Pickup code');
    // The rider by first name; the code the rider asks for at the door, for a client without data.
    expect(mine.filter((b) => b.includes('out for delivery with Musa.'))).toHaveLength(1);
    expect(mine.find((b) => b.includes('out for delivery'))).toContain(`delivery code ${order.pickupCode}`);
    expect(mine.filter((b) => b.includes('was delivered'))).toHaveLength(1);
  });
});

describe('picked up at the counter', () => {
  it('the owner’s approval writes one "picked up" message, however often it is repeated', async () => {
    const owner = await fundedClient();
    const desk = await signInAs(app, '08039990002');
    await putOnShift(app, desk.clientId);
    const order = await createPaidOrder(app, owner.clientId);
    const asked = await injectAs(app, desk, {
      method: 'POST',
      url: '/api/pickup/verify',
      payload: { orderId: order.id },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const pickupId = asked.json().pickup.id as string;
    for (let i = 0; i < 2; i++) {
      const approve = await injectAs(app, owner, {
        method: 'POST',
        url: `/api/order/pickup/${order.id}/respond`,
        payload: { pickupId, action: 'Approve' },
      });
      expect(approve.statusCode, approve.body).toBe(200);
    }
    expect(await outboxRowsFor(app.db, `picked-up:${order.id}`)).toHaveLength(1);
    await drain();
    const mine = smsTo(owner.phone).filter((b) => b.includes(order.orderNumber));
    expect(mine).toEqual([
      `Arrive: order ${order.orderNumber} was picked up at the gas center. Thank you for choosing Arrive.`,
    ]);
  });
});

describe('refunds', () => {
  it('a refund Paystack reports processed tells the client once, even when the webhook comes twice', async () => {
    const ngozi = await fundedClient();
    const order = await insertUnpaidOrder(app, ngozi.clientId, 75_000);
    const reference = `ARV_refund_${order.id.slice(0, 8)}`;
    await app.db.insert(payments).values({
      paymentNumber: `PMT-R${order.id.slice(0, 8)}`,
      reference,
      purpose: 'OrderPayment',
      gateway: 'Paystack',
      status: 'success',
      amount: 75_000,
      paidAmount: 75_000,
      clientId: ngozi.clientId,
      orderId: order.id,
      email: 'ngozi@example.com',
      refundState: 'pending',
      refundAmount: 75_000,
    });
    for (let i = 0; i < 2; i++) {
      await applyRefundEvent(app, 'refund.processed', { transaction_reference: reference, id: 991 });
    }
    await drain();
    const mine = smsTo(ngozi.phone).filter((b) => b.includes('refunded'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('₦750.00');
    expect(mine[0]).toContain(order.orderNumber);
  });
});

describe('Web Push keys in production', () => {
  it('a missing pair turns push off with a warning; the server starts and SMS still works', async () => {
    const lines: string[] = [];
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'p'.repeat(40),
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        PAYMENT_MODE: 'sandbox',
        SMS_PROVIDER: 'console',
      },
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      expect(prod.push.publicKey).toBeNull();
      expect(lines.some((l) => l.includes('VAPID_PUBLIC_KEY') && l.includes('Web Push notifications are off'))).toBe(
        true,
      );
    } finally {
      await prod.close();
    }
  });

  it('a broken pair is refused the same way, never a crash', async () => {
    const prod = await buildTestApp({
      env: { VAPID_PUBLIC_KEY: 'BAAA', VAPID_PRIVATE_KEY: 'AAAA' },
    });
    try {
      expect(prod.push.publicKey).toBeNull();
    } finally {
      await prod.close();
    }
  });
});

describe('the switches', () => {
  it('SMS off: a paid order writes no SMS; switched off after it was written: it is skipped, not sent', async () => {
    const ngozi = await fundedClient();
    const off = await injectAs(app, ngozi, {
      method: 'PUT',
      url: '/api/client/notifications',
      payload: { sms: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ sms: false, push: true, cylinderReminders: true, refillReminders: false });

    const first = await insertUnpaidOrder(app, ngozi.clientId, 70_000);
    expect((await payFromWallet(ngozi, first.orderNumber, `off-${first.id}`)).statusCode).toBe(200);
    expect(await outboxRowsFor(app.db, `order-paid:${first.id}`)).toEqual([]);

    await injectAs(app, ngozi, { method: 'PUT', url: '/api/client/notifications', payload: { sms: true } });
    const second = await insertUnpaidOrder(app, ngozi.clientId, 70_000);
    expect((await payFromWallet(ngozi, second.orderNumber, `off-${second.id}`)).statusCode).toBe(200);
    expect(await outboxRowsFor(app.db, `order-paid:${second.id}`)).toHaveLength(1);
    await injectAs(app, ngozi, { method: 'PUT', url: '/api/client/notifications', payload: { sms: false } });
    await drain();
    expect((await outboxRowsFor(app.db, `order-paid:${second.id}`))[0]).toMatchObject({ status: 'skipped' });
    expect(smsTo(ngozi.phone)).toEqual([]);
  });

  it('refuses an unknown switch and a non-boolean, changing nothing', async () => {
    const ngozi = await fundedClient();
    const bad = await injectAs(app, ngozi, {
      method: 'PUT',
      url: '/api/client/notifications',
      payload: { email: false },
    });
    expect(bad.statusCode).toBe(400);
    const worse = await injectAs(app, ngozi, {
      method: 'PUT',
      url: '/api/client/notifications',
      payload: { sms: 'no' },
    });
    expect(worse.statusCode).toBe(400);
    const now = await injectAs(app, ngozi, { method: 'GET', url: '/api/client/notifications' });
    expect(now.json()).toMatchObject({ sms: true, push: true });
    const visitor = await injectAs(app, null, { method: 'GET', url: '/api/client/notifications' });
    expect(visitor.statusCode).toBe(401);
  });
});

// ── Web Push: a push service of the test's own, and the browser's side of RFC 8291 ──

describe('Web Push', () => {
  /** What a browser keeps: its P-256 key pair and auth secret. */
  function browserKeys() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      ecdh,
      auth,
      subscription: (path: string) => ({
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      }),
    };
  }

  /** The browser's decryption (RFC 8291 §3.4, RFC 8188): what the service worker's push event gets. */
  function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idlen = body.readUInt8(20);
    const asPublic = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    expect(rs).toBe(4096);
    expect(ciphertext.length).toBeLessThanOrEqual(rs);
    const uaPublic = keys.ecdh.getPublicKey();
    const shared = keys.ecdh.computeSecret(asPublic);
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, info, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 (then only zero padding).
    const end = plain.lastIndexOf(2);
    expect(plain.subarray(end + 1).every((b) => b === 0)).toBe(true);
    return plain.subarray(0, end).toString('utf8');
  }

  function verifyVapid(headers: IncomingHttpHeaders, vapidPublicKey: string) {
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
    expect(match, 'Authorization: vapid t=…, k=…').not.toBeNull();
    const [, jwt = '', k] = match ?? [];
    expect(k).toBe(vapidPublicKey);
    const [header = '', claims = '', signature = ''] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(payload.aud).toBe(origin);
    expect(payload.sub).toBe('http://localhost:8080');
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(payload.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: vapidPublicKeyObject(vapidPublicKey), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(valid, 'the VAPID JWT verifies with the public key').toBe(true);
    // Tampered claims do not.
    const forged = Buffer.from(JSON.stringify({ ...payload, aud: 'https://evil.example' })).toString('base64url');
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${forged}`),
        { key: vapidPublicKeyObject(vapidPublicKey), dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(false);
  }

  it('a subscribed client gets the paid event by push: the payload decrypts with its keys and the VAPID JWT verifies', async () => {
    const ngozi = await fundedClient();
    const keys = browserKeys();
    const settings = await injectAs(app, ngozi, { method: 'GET', url: '/api/client/notifications' });
    const vapidPublicKey = settings.json().vapidPublicKey as string;
    expect(vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const sub = await injectAs(app, ngozi, {
      method: 'POST',
      url: '/api/client/push-subscription',
      payload: keys.subscription(`/push/${ngozi.clientId}`),
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json()).toMatchObject({ push: true, pushDevices: 1 });

    const order: OrderRow = await insertUnpaidOrder(app, ngozi.clientId, 110_000);
    expect((await payFromWallet(ngozi, order.orderNumber, `push-${order.id}`)).statusCode).toBe(200);
    const rows = await outboxRowsFor(app.db, `order-paid:${order.id}`);
    expect(rows.map((r) => r.channel).sort()).toEqual(['push', 'sms']);

    await drain();
    const pushes = received.filter((r) => r.path === `/push/${ngozi.clientId}`);
    expect(pushes).toHaveLength(1);
    const push = pushes[0] as Received;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(push.headers, vapidPublicKey);
    const message = JSON.parse(decrypt(push.body, keys));
    expect(message).toMatchObject({ title: 'Ready for pickup', url: `/order/${order.orderNumber}` });
    expect(message.body).toContain(order.pickupCode);
    expect((await outboxRowsFor(app.db, `order-paid:${order.id}`)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a subscription the push service says is gone (410) is forgotten; push off writes no push row', async () => {
    const ngozi = await fundedClient();
    const keys = browserKeys();
    await injectAs(app, ngozi, {
      method: 'POST',
      url: '/api/client/push-subscription',
      payload: keys.subscription(`/gone/${ngozi.clientId}`),
    });
    const order = await insertUnpaidOrder(app, ngozi.clientId, 60_000);
    answer = 410;
    try {
      expect((await payFromWallet(ngozi, order.orderNumber, `gone-${order.id}`)).statusCode).toBe(200);
      await drain();
    } finally {
      answer = 201;
    }
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.clientId, ngozi.clientId))).toEqual(
      [],
    );
    const push = (await outboxRowsFor(app.db, `order-paid:${order.id}`)).find((r) => r.channel === 'push');
    expect(push).toMatchObject({ status: 'skipped' });

    await injectAs(app, ngozi, {
      method: 'POST',
      url: '/api/client/push-subscription',
      payload: keys.subscription(`/again/${ngozi.clientId}`),
    });
    await injectAs(app, ngozi, { method: 'PUT', url: '/api/client/notifications', payload: { push: false } });
    const next = await insertUnpaidOrder(app, ngozi.clientId, 60_000);
    expect((await payFromWallet(ngozi, next.orderNumber, `pushoff-${next.id}`)).statusCode).toBe(200);
    expect((await outboxRowsFor(app.db, `order-paid:${next.id}`)).map((r) => r.channel)).toEqual(['sms']);
  });

  it('refuses a subscription with malformed keys', async () => {
    const ngozi = await fundedClient();
    const res = await injectAs(app, ngozi, {
      method: 'POST',
      url: '/api/client/push-subscription',
      payload: { endpoint: `${origin}/x`, keys: { p256dh: 'not base64 url!', auth: 'abc' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
