import { and, count, desc, eq, or } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import type { PaymentList, PaymentView } from '../../../domain/schemas/payment';
import type { DbOrTx } from '../../db/client';
import { findOrderNumbersByIds } from '../order';
import { type PaymentRow, payments } from './tables';
import { toPaymentView } from './view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const paymentNotFound = () => new AppError('Payment not found', { status: 404, type: ErrorType.NotFound });

/** The client's payment by its number (or id): anyone else's is simply not found. */
export async function requireOwnPayment(db: DbOrTx, clientId: string, ref: string): Promise<PaymentRow> {
  const value = ref.trim();
  const match = UUID.test(value)
    ? or(eq(payments.id, value.toLowerCase()), eq(payments.paymentNumber, value.toUpperCase()))
    : eq(payments.paymentNumber, value.toUpperCase());
  const [row] = await db
    .select()
    .from(payments)
    .where(and(match, eq(payments.clientId, clientId)));
  if (!row) throw paymentNotFound();
  return row;
}

export async function orderNumberOf(db: DbOrTx, orderId: string | null): Promise<string | null> {
  if (!orderId) return null;
  return (await findOrderNumbersByIds(db, [orderId])).get(orderId) ?? null;
}

export async function viewOf(db: DbOrTx, row: PaymentRow): Promise<PaymentView> {
  return toPaymentView(row, await orderNumberOf(db, row.orderId));
}

async function viewsOf(db: DbOrTx, rows: PaymentRow[]): Promise<PaymentView[]> {
  const byId = await findOrderNumbersByIds(
    db,
    rows.map((r) => r.orderId).filter((id): id is string => id !== null),
  );
  return rows.map((r) => toPaymentView(r, r.orderId ? (byId.get(r.orderId) ?? null) : null));
}

export async function listClientPayments(
  db: DbOrTx,
  clientId: string,
  query: { page: number; limit: number },
): Promise<PaymentList> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.clientId, clientId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(payments).where(eq(payments.clientId, clientId));
  return { items: await viewsOf(db, rows), page: query.page, limit: query.limit, total: total?.n ?? 0 };
}

export async function listOrderPayments(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
}

export async function viewsOfRows(db: DbOrTx, rows: PaymentRow[]): Promise<PaymentView[]> {
  return viewsOf(db, rows);
}
