import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DeliveryOption,
  OrderStatus,
  OrderType,
  type PaymentType,
  type StaffAccess,
  type StaffRole,
} from '../../src/domain/enums';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { type Session, signInAs } from '../../src/server/test-utils/test-app';

export type StaffActor = { session: Session; staffId: string };

/** Signs a phone in and makes it staff with the given access (updating a seeded record). */
export async function staffActor(
  app: FastifyInstance,
  phone: string,
  role: StaffRole,
  access: StaffAccess[],
): Promise<StaffActor> {
  const session = await signInAs(app, phone);
  const [existing] = await app.db.select({ id: staff.id }).from(staff).where(eq(staff.clientId, session.clientId));
  if (existing) {
    await app.db.update(staff).set({ role, access, isCurrentStaff: true }).where(eq(staff.id, existing.id));
    return { session, staffId: existing.id };
  }
  const [row] = await app.db.insert(staff).values({ clientId: session.clientId, role, access }).returning();
  if (!row) throw new Error('staff not stored');
  return { session, staffId: row.id };
}

/** Opens a shift directly in the database, unless one is open. */
export async function putOnShift(app: FastifyInstance, staffId: string, openingFloat = 0) {
  const [open] = await app.db
    .select()
    .from(shifts)
    .where(and(eq(shifts.staffId, staffId), isNull(shifts.endedAt)));
  if (open) return open;
  const [row] = await app.db.insert(shifts).values({ staffId, openingFloat }).returning();
  if (!row) throw new Error('shift not stored');
  return row;
}

export async function closeShifts(app: FastifyInstance, staffId: string) {
  await app.db
    .update(shifts)
    .set({ endedAt: new Date(), closingCash: 0 })
    .where(and(eq(shifts.staffId, staffId), isNull(shifts.endedAt)));
}

/**
 * A paid order whose payment a staff member took (an order event 'Paid' by them), the way the
 * order area records a counter payment.
 */
export async function paidOrder(
  app: FastifyInstance,
  input: { clientId: string; total: number; paymentType: PaymentType; takenByClientId?: string; paidAt?: Date },
) {
  const paidAt = input.paidAt ?? new Date();
  const n = randomUUID().slice(0, 8);
  const [order] = await app.db
    .insert(orders)
    .values({
      orderNumber: `T-${n}`,
      orderPaymentNumber: `P-${n}`,
      pickupCode: `C-${n}`,
      clientId: input.clientId,
      type: OrderType.Gas,
      status: OrderStatus.Paid,
      paymentStatus: 'success',
      paymentType: input.paymentType,
      deliveryOption: DeliveryOption.PickerUP,
      subtotal: input.total,
      total: input.total,
      paidAt,
    })
    .returning();
  if (!order) throw new Error('order not stored');
  await app.db.insert(orderEvents).values({
    orderId: order.id,
    status: OrderStatus.Paid,
    actorClientId: input.takenByClientId ?? input.clientId,
    createdAt: paidAt,
  });
  return order;
}

/** The smallest valid PNG (1×1). */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file field, built by hand so tests need no form library. */
export function multipartBody(file: Buffer, filename: string, contentType: string) {
  const boundary = `----arrive${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
