// Staff follow-ups: marking a lead contacted, settling a payment problem with a note. Who may,
// and that each is recorded once.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/server/modules/leads/tables';
import { recordPaymentError } from '../../src/server/modules/payment/payment-errors';
import { paymentErrors } from '../../src/server/modules/payment/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
let ceo: Session;
const phone = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;

beforeAll(async () => {
  app = await buildTestApp();
  ceo = await signInAs(app, '08010000001');
});
afterAll(async () => {
  await app.close();
});

async function member(access: string[], role = 'Sales Associate'): Promise<Session & { staffId: string }> {
  const session = await signInAs(app, phone());
  const [row] = await app.db
    .insert(staff)
    .values({ clientId: session.clientId, role: role as never, access: access as never })
    .returning();
  if (!row) throw new Error('no staff row');
  return { ...session, staffId: row.id };
}

async function newLead() {
  const [row] = await app.db
    .insert(leads)
    .values({ kind: 'interest', service: 'restaurant-partner', name: 'Ada', phone: phone(), businessName: 'Buka' })
    .returning();
  if (!row) throw new Error('no lead');
  return row;
}

const contacted = (who: Session | null, id: string, note?: string, headers: Record<string, string> = {}) =>
  injectAs(app, who, { method: 'POST', url: `/api/leads/${id}/contacted`, payload: note ? { note } : {}, headers });

describe('mark a lead contacted', () => {
  it('is refused to staff without Manager or CEO access, and to clients', async () => {
    const lead = await newLead();
    const associate = await member(['Staff']);
    const accountant = await member(['Accountant'], 'Accountant and HR');
    const client = await signInAs(app, phone());
    for (const who of [associate, accountant, client]) expect((await contacted(who, lead.id)).statusCode).toBe(403);
    expect((await contacted(null, lead.id)).statusCode).toBe(401);
    const [row] = await app.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.contactedAt).toBeNull();
  });

  it('records the first contact once: who, when and the note; a second call changes nothing', async () => {
    const lead = await newLead();
    const manager = await member(['Manager'], 'Manager');
    const first = await contacted(manager, lead.id, 'Called, sending the partner pack');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: lead.id, contactNote: 'Called, sending the partner pack' });
    expect(first.json().contactedAt).toBeTruthy();
    expect(first.json().contactedByName).toBeTruthy();

    const second = await contacted(ceo, lead.id, 'Called again');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      contactedAt: first.json().contactedAt,
      contactNote: first.json().contactNote,
    });
    const [row] = await app.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ contactedBy: manager.staffId, contactNote: 'Called, sending the partner pack' });

    const list = await injectAs(app, ceo, { method: 'GET', url: '/api/leads?contact=open&limit=200' });
    expect(list.json().leads.some((l: { id: string }) => l.id === lead.id)).toBe(false);
    const done = await injectAs(app, ceo, { method: 'GET', url: '/api/leads?contact=contacted&limit=200' });
    expect(done.json().leads.find((l: { id: string }) => l.id === lead.id)).toMatchObject({
      contactNote: 'Called, sending the partner pack',
    });
  });

  it('answers 404 for an unknown lead', async () => {
    expect((await contacted(ceo, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('resolve a payment problem with a note', () => {
  async function problem() {
    const reference = `ARV_followup_${randomInt(1e9)}`;
    await recordPaymentError(app.db, {
      reference,
      type: 'PaidAmountNotMatch',
      message: 'Paid 4,000 for an order of 5,000',
      expectedAmount: 500_000,
      paidAmount: 400_000,
    });
    const [row] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, reference));
    if (!row) throw new Error('not recorded');
    return row;
  }
  const move = (who: Session, id: string, status: string, note?: string) =>
    injectAs(app, who, {
      method: 'PUT',
      url: `/api/payment/errors/${id}`,
      payload: note ? { status, note } : { status },
    });

  it('is refused to staff without Manager, CEO or Accountant access', async () => {
    const row = await problem();
    const associate = await member(['Staff'], 'Shift Supervisor');
    const res = await move(associate, row.id, 'Resolved', 'Refunded the difference');
    expect(res.statusCode).toBe(403);
    const [after] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.id, row.id));
    expect(after?.status).toBe('New');
  });

  it('needs a note to resolve, and records the resolver once', async () => {
    const row = await problem();
    const accountant = await member(['Accountant'], 'Accountant and HR');
    const bare = await move(accountant, row.id, 'Resolved');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ type: 'InvalidInput' });

    const done = await move(accountant, row.id, 'Resolved', 'Refunded the 1,000 difference');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'Resolved', note: 'Refunded the 1,000 difference' });
    expect(done.json().updatedByName).toBeTruthy();

    // A retry by someone else writes nothing: the first resolver stays on record.
    const retry = await move(ceo, row.id, 'Resolved');
    expect(retry.statusCode).toBe(200);
    const [after] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.id, row.id));
    expect(after).toMatchObject({
      status: 'Resolved',
      updatedBy: accountant.staffId,
      note: 'Refunded the 1,000 difference',
    });
  });
});
