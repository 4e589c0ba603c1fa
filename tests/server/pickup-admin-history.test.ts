// The back office's pickup history (GET /api/admin/pickup/{id}) says that an attempt failed, how,
// by whom and when, never the code that was typed: a wrong code is often one character off the
// order's real one, and the history is read by staff who are not at that counter.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/server/modules/client/tables';
import { pickupAttempts } from '../../src/server/modules/pickup/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
const phone = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (session: Session, url: string) => injectAs(app, session, { method: 'GET', url });
const post = (session: Session, url: string, payload: Record<string, unknown>) =>
  injectAs(app, session, { method: 'POST', url, payload });

/** The code with its last character changed: the kind of slip a counter makes. */
function nearMiss(code: string): string {
  const last = code.at(-1) === 'Z' ? 'Y' : 'Z';
  return `${code.slice(0, -1)}${last}`;
}

describe('GET /api/admin/pickup/{id}: failed attempts without their codes', () => {
  it('lists a wrong texted code and a mistyped pickup code as failed, by whom and when, with no code text', async () => {
    const ownerNumber = phone();
    const owner = await signInAs(app, ownerNumber);
    const desk = await signInAs(app, phone());
    const deskStaffId = await putOnShift(app, desk.clientId);
    await app.db.update(clients).set({ firstname: 'Bola', lastname: 'Desk' }).where(eq(clients.id, desk.clientId));
    const order = await createPaidOrder(app, owner.clientId);

    // A mistyped pickup code (one character off), then the right one.
    const typo = nearMiss(order.pickupCode ?? '');
    expect((await get(desk, `/api/pickup/code/${typo}`)).statusCode).toBe(404);
    expect((await get(desk, `/api/pickup/code/${order.pickupCode}`)).statusCode).toBe(200);

    // A hand-over code texted to the owner, read back one digit off.
    expect((await post(desk, '/api/pickup/handover-code', { orderId: order.id })).statusCode).toBe(200);
    const texted = app.sms.outbox
      .list(ownerNumber)
      .find((m) => m.body.includes(order.orderNumber))
      ?.body.match(/\b(\d{6})\b/)?.[1];
    if (!texted) throw new Error('no hand-over code in the outbox');
    const wrongDigits = String((Number(texted) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code: wrongDigits });
    expect(refused.statusCode).toBe(400);

    // The table keeps what was typed for the audit; the answer never carries it.
    const stored = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.orderId, order.id));
    expect(stored.some((a) => a.presented === wrongDigits)).toBe(true);

    const res = await get(desk, `/api/admin/pickup/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    for (const code of [wrongDigits, typo, texted, order.pickupCode ?? '']) {
      expect(res.body, code).not.toContain(code);
    }
    const attempts = res.json().attempts as Record<string, unknown>[];
    const failed = attempts.find((a) => a.method === 'sms' && a.status === 'invalid');
    expect(failed).toMatchObject({ staffId: deskStaffId, staffName: 'Bola Desk' });
    expect(Number.isNaN(Date.parse(String(failed?.createdAt)))).toBe(false);
    for (const attempt of attempts) {
      expect(Object.keys(attempt).sort()).toEqual([
        'createdAt',
        'id',
        'method',
        'reason',
        'staffId',
        'staffName',
        'status',
      ]);
    }
  });
});
