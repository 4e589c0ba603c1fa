// Reminders that are real: the cylinder-expiry reminder the products screen promises and the
// opt-in refill reminder from the client's own rhythm, each at most once per period, by a job
// that runs once however often it is started, and only in the day (Lagos).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCylinders } from '../../src/server/modules/cylinder/tables';
import { runReminderJob } from '../../src/server/modules/notification/reminders';
import { notificationJobs, notificationOutbox } from '../../src/server/modules/notification/tables';
import { runOutboxOnce } from '../../src/server/modules/notification/worker';
import { orderItems, orders } from '../../src/server/modules/order/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
const DAY = 24 * 60 * 60 * 1000;
/** 10:00 in Lagos (UTC+1). */
const MORNING = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

let seq = 0;
async function client(): Promise<Session & { phone: string }> {
  seq += 1;
  const phone = `0805${String(5100000 + seq).padStart(7, '0')}`;
  return { ...(await signInAs(app, phone)), phone };
}

const dateKey = (d: Date) => new Date(d.getTime() + 3600_000).toISOString().slice(0, 10);

async function addCylinder(clientId: string, expiry: Date, serial = `SN${randomUUID().slice(0, 6)}`) {
  const [row] = await app.db
    .insert(clientCylinders)
    .values({ clientId, sizeKg: 12.5, serialNumber: serial.toUpperCase(), expiryDate: dateKey(expiry) })
    .returning();
  return row as NonNullable<typeof row>;
}

async function paidRefill(clientId: string, paidAt: Date, sizeKg = 12.5) {
  const { gas } = await catalogue(app);
  const n = randomUUID().slice(0, 8).toUpperCase();
  const [order] = await app.db
    .insert(orders)
    .values({
      orderNumber: `RF${n}`,
      orderPaymentNumber: `RFP${n}`,
      clientId,
      type: 'Gas',
      status: 'Delivered',
      paymentStatus: 'success',
      deliveryOption: 'PickerUP',
      subtotal: 100_000,
      total: 100_000,
      pickupCode: `R${n}`,
      paidAt,
      createdAt: paidAt,
    })
    .returning();
  if (!order) throw new Error('no order');
  await app.db.insert(orderItems).values({
    orderId: order.id,
    productId: gas.id,
    name: 'Gas',
    unitPrice: 8000,
    quantity: sizeKg,
    sizeKg,
    lineTotal: 100_000,
  });
  return order;
}

/** The reminder job at `now`, then the outbox sent. */
async function runAt(now: Date) {
  // The job runs once an hour: each call here is a later run.
  await app.db.update(notificationJobs).set({ nextRunAt: now });
  const ran = await runReminderJob(app.db, app.notifications.sources, now);
  while ((await runOutboxOnce(app)) > 0) {}
  return ran;
}

const sms = (phone: string, text: string) => app.sms.outbox.list(phone).filter((m) => m.body.includes(text));

describe('cylinder expiry', () => {
  it('once when the cylinder enters its last 60 days, once when it expires, never more; none for a far one', async () => {
    const ada = await client();
    const soon = await addCylinder(ada.clientId, new Date(MORNING.getTime() + 20 * DAY));
    await addCylinder(ada.clientId, new Date(MORNING.getTime() + 200 * DAY), 'FARAWAY1');

    expect(await runAt(MORNING)).toBe(true);
    await runAt(new Date(MORNING.getTime() + DAY));
    await runAt(new Date(MORNING.getTime() + 2 * DAY));
    const warned = sms(ada.phone, soon.serialNumber);
    expect(warned).toHaveLength(1);
    expect(warned[0]?.body).toContain('reaches the end of its safe life');
    expect(warned[0]?.body).toContain('12.5 kg cylinder');
    expect(sms(ada.phone, 'FARAWAY1')).toEqual([]);

    await runAt(new Date(MORNING.getTime() + 21 * DAY));
    await runAt(new Date(MORNING.getTime() + 22 * DAY));
    const expired = sms(ada.phone, soon.serialNumber).filter((m) => m.body.includes('Do not refill'));
    expect(expired).toHaveLength(1);
    expect(sms(ada.phone, soon.serialNumber)).toHaveLength(2);
  });

  it('the Settings switch turns it off', async () => {
    const bola = await client();
    const off = await injectAs(app, bola, {
      method: 'PUT',
      url: '/api/client/notifications',
      payload: { cylinderReminders: false },
    });
    expect(off.statusCode).toBe(200);
    const c = await addCylinder(bola.clientId, new Date(MORNING.getTime() + 10 * DAY));
    await runAt(MORNING);
    expect(sms(bola.phone, c.serialNumber)).toEqual([]);
  });

  it('never at night in Lagos: the job waits for the morning', async () => {
    const chidi = await client();
    const c = await addCylinder(chidi.clientId, new Date(MORNING.getTime() + 5 * DAY));
    const night = new Date('2026-11-25T22:30:00Z');
    expect(await runAt(night)).toBe(false);
    expect(sms(chidi.phone, c.serialNumber)).toEqual([]);
    expect(await runAt(MORNING)).toBe(true);
    expect(sms(chidi.phone, c.serialNumber)).toHaveLength(1);
  });
});

describe('refill reminder', () => {
  it('opt-in: from the median gap of the client’s refills, once per last refill', async () => {
    const dayo = await client();
    // Refills 30 and 36 days apart: the rhythm is 33 days; the last one was 35 days ago.
    const last = new Date(MORNING.getTime() - 35 * DAY);
    await paidRefill(dayo.clientId, new Date(last.getTime() - 66 * DAY));
    await paidRefill(dayo.clientId, new Date(last.getTime() - 36 * DAY));
    await paidRefill(dayo.clientId, last);

    await runAt(MORNING);
    expect(sms(dayo.phone, 'refill')).toEqual([]);

    const on = await injectAs(app, dayo, {
      method: 'PUT',
      url: '/api/client/notifications',
      payload: { refillReminders: true },
    });
    expect(on.json()).toMatchObject({ refillReminders: true });
    await runAt(MORNING);
    await runAt(new Date(MORNING.getTime() + DAY));
    const reminders = sms(dayo.phone, 'refill');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.body).toContain('your last 12.5 kg refill was 5 weeks ago');

    // A new refill starts a new period: nothing until the rhythm comes round again.
    await paidRefill(dayo.clientId, new Date(MORNING.getTime() + 2 * DAY));
    await runAt(new Date(MORNING.getTime() + 20 * DAY));
    expect(sms(dayo.phone, 'refill')).toHaveLength(1);
    await runAt(new Date(MORNING.getTime() + 40 * DAY));
    expect(sms(dayo.phone, 'refill')).toHaveLength(2);
  });

  it('not before the rhythm comes round, and not from a single refill', async () => {
    const efe = await client();
    await injectAs(app, efe, { method: 'PUT', url: '/api/client/notifications', payload: { refillReminders: true } });
    await paidRefill(efe.clientId, new Date(MORNING.getTime() - 90 * DAY));
    await runAt(MORNING);
    expect(sms(efe.phone, 'refill')).toEqual([]);
    await paidRefill(efe.clientId, new Date(MORNING.getTime() - 10 * DAY));
    await runAt(MORNING);
    expect(sms(efe.phone, 'refill')).toEqual([]);
    const rows = await app.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.clientId, efe.clientId), eq(notificationOutbox.kind, 'refill-reminder')));
    expect(rows).toEqual([]);
  });
});
