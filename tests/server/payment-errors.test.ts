// Payment problems on record: who may see them, and how staff move them along.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentErrorView } from '../../src/domain/schemas/payment';
import { recordPaymentError } from '../../src/server/modules/payment/payment-errors';
import { paymentErrors } from '../../src/server/modules/payment/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { postWebhook } from './payment-support';

let app: FastifyInstance;
let ceo: Session;
let client: Session;
let salesAssociate: Session;

beforeAll(async () => {
  app = await buildTestApp();
  ceo = await signInAs(app, '08010000001');
  client = await signInAs(app, '08010000002');
  salesAssociate = await signInAs(app, '08010000003');
});
afterAll(async () => {
  await app.close();
});

type ErrorPage = { items: PaymentErrorView[]; total: number };

describe('payment errors', () => {
  it('lists problems for Manager/CEO/Accountant access only', async () => {
    await postWebhook(app, { event: 'charge.success', data: { reference: 'ARV_unknown_1', amount: 1000 } });
    const asCeo = await injectAs(app, ceo, { method: 'GET', url: '/api/payment/errors' });
    expect(asCeo.statusCode, asCeo.body).toBe(200);
    const page = asCeo.json<ErrorPage>();
    expect(page.items.find((e) => e.reference === 'ARV_unknown_1')).toMatchObject({ type: 'NotFound', status: 'New' });

    for (const who of [client, salesAssociate]) {
      const res = await injectAs(app, who, { method: 'GET', url: '/api/payment/errors' });
      expect(res.statusCode).toBe(403);
    }
    expect((await injectAs(app, null, { method: 'GET', url: '/api/payment/errors' })).statusCode).toBe(401);

    // An Accountant may too.
    const [associate] = await app.db.select().from(staff).where(eq(staff.clientId, salesAssociate.clientId));
    if (!associate) throw new Error('seeded sales associate missing');
    await app.db
      .update(staff)
      .set({ access: ['Accountant'] })
      .where(eq(staff.id, associate.id));
    try {
      const res = await injectAs(app, salesAssociate, { method: 'GET', url: '/api/payment/errors?status=New' });
      expect(res.statusCode).toBe(200);
      expect(res.json<ErrorPage>().items.every((e) => e.status === 'New')).toBe(true);
    } finally {
      await app.db.update(staff).set({ access: associate.access }).where(eq(staff.id, associate.id));
    }
  });

  it('moves a record along allowed transitions and refuses others', async () => {
    await recordPaymentError(app.db, {
      reference: 'ARV_flow',
      type: 'PaidAmountNotMatch',
      message: 'short',
      paidAmount: 1,
    });
    const [row] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, 'ARV_flow'));
    if (!row) throw new Error('not recorded');
    const move = (status: string, note?: string) =>
      injectAs(app, ceo, { method: 'PUT', url: `/api/payment/errors/${row.id}`, payload: { status, note } });

    const started = await move('InProgress', 'Calling the bank');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'InProgress', note: 'Calling the bank' });
    const skip = await move('Closed');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ type: 'Conflict' });
    expect((await move('Resolved')).json()).toMatchObject({ status: 'Resolved', note: 'Calling the bank' });
    expect((await move('Closed')).statusCode).toBe(200);

    // The same problem seen again reopens the settled record.
    await recordPaymentError(app.db, { reference: 'ARV_flow', type: 'PaidAmountNotMatch', message: 'short again' });
    const [again] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.id, row.id));
    expect(again).toMatchObject({ status: 'Reopened', occurrences: 2 });

    const bad = await move('Finished');
    expect(bad.statusCode).toBe(400);
    const missing = await injectAs(app, ceo, {
      method: 'PUT',
      url: '/api/payment/errors/00000000-0000-4000-8000-000000000000',
      payload: { status: 'Seen' },
    });
    expect(missing.statusCode).toBe(404);
    const asClient = await injectAs(app, client, {
      method: 'PUT',
      url: `/api/payment/errors/${row.id}`,
      payload: { status: 'Seen' },
    });
    expect(asClient.statusCode).toBe(403);
  });
});
