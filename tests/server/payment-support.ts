// Helpers shared by the payment suites: an order to pay, the checkout, and signed webhooks.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CheckoutDetails, PaymentView } from '../../src/domain/schemas/payment';
import {
  completeEmulatorCheckout,
  flushEmulatorWebhooks,
  SIGNATURE_HEADER,
  signPaystackBody,
} from '../../src/server/integrations/paystack/emulator';
import { createOrder } from '../../src/server/modules/order/service';
import { type OrderRow, orders } from '../../src/server/modules/order/tables';
import { type PaymentRow, payments } from '../../src/server/modules/payment/tables';
import { injectAs, type Session } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

/** An unpaid gas order of `total` kobo, written directly (no catalogue, no quota). */
export async function insertUnpaidOrder(app: FastifyInstance, clientId: string, total: number): Promise<OrderRow> {
  const n = randomUUID().slice(0, 8).toUpperCase();
  const [row] = await app.db
    .insert(orders)
    .values({
      orderNumber: `ORD${n}`,
      orderPaymentNumber: `OPN${n}`,
      clientId,
      type: 'Gas',
      deliveryOption: 'PickerUP',
      subtotal: total,
      total,
      pickupCode: `PC${n}`,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}

/** A pickup order for one burner, placed through the order service. */
export async function placeOrder(app: FastifyInstance, session: Session): Promise<OrderRow> {
  const { burner } = await catalogue(app);
  const order = await createOrder(
    app.db,
    session.clientId,
    {
      type: 'Product',
      items: [{ productId: burner.id, quantity: 1 }],
      deliveryOption: 'PickerUP',
    },
    { legs: app.orderLegs },
  );
  return readOrder(app, order.orderNumber);
}

export async function readOrder(app: FastifyInstance, orderNumber: string): Promise<OrderRow> {
  const [row] = await app.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw new Error(`no order ${orderNumber}`);
  return row;
}

export async function readPayment(app: FastifyInstance, reference: string): Promise<PaymentRow> {
  const [row] = await app.db.select().from(payments).where(eq(payments.reference, reference));
  if (!row) throw new Error(`no payment ${reference}`);
  return row;
}

export async function initiate(app: FastifyInstance, session: Session, orderNumber: string): Promise<CheckoutDetails> {
  const res = await injectAs(app, session, {
    method: 'POST',
    url: '/api/payment/initiate/order',
    payload: { orderNumber },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckoutDetails>();
}

/** The card holder presses Pay (or Fail) in the sandbox checkout; waits for the webhook's first attempt. */
export async function payInCheckout(
  app: FastifyInstance,
  accessCode: string,
  outcome: 'success' | 'failed' | 'abandoned' = 'success',
  options: { paidAmount?: number } = {},
) {
  const txn = completeEmulatorCheckout(app, accessCode, outcome, options);
  if (!txn) throw new Error(`the emulator has no checkout ${accessCode}`);
  await flushEmulatorWebhooks(app);
  return txn;
}

/** Posts a webhook body as Paystack would; `signature` overrides the correct one. */
export function postWebhook(app: FastifyInstance, body: unknown, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signature ?? signPaystackBody(raw, app.config.paystackSecretKey),
    },
    payload: raw,
  });
}

export async function verify(app: FastifyInstance, session: Session, paymentNumber: string): Promise<PaymentView> {
  const res = await injectAs(app, session, { method: 'GET', url: `/api/payment/verify/${paymentNumber}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentView>();
}
