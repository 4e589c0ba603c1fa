import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PaymentErrorStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  canMovePaymentError,
  PAYMENT_ERROR_NOTE_REQUIRED,
  type PaymentErrorView,
} from '../../../domain/schemas/payment';
import type { DbOrTx } from '../../db/client';
import { findStaffPeople } from '../staff';
import { type PaymentErrorRow, paymentErrors, payments } from './tables';

export type PaymentProblem = {
  reference: string;
  type: ErrorType;
  message: string;
  paymentId?: string | null;
  clientId?: string | null;
  expectedAmount?: number | null;
  paidAmount?: number | null;
  details?: unknown;
};

/**
 * Puts a payment problem on record for staff. The same problem seen again (a redelivered webhook,
 * another reconciliation round) counts up on the one record, and reopens it if it was settled.
 */
export async function recordPaymentError(db: DbOrTx, problem: PaymentProblem): Promise<void> {
  await db
    .insert(paymentErrors)
    .values({
      reference: problem.reference,
      type: problem.type,
      message: problem.message,
      paymentId: problem.paymentId ?? null,
      clientId: problem.clientId ?? null,
      expectedAmount: problem.expectedAmount ?? null,
      paidAmount: problem.paidAmount ?? null,
      details: problem.details ?? null,
    })
    .onConflictDoUpdate({
      target: [paymentErrors.reference, paymentErrors.type],
      set: {
        occurrences: sql`${paymentErrors.occurrences} + 1`,
        message: problem.message,
        status: sql`case when ${paymentErrors.status} in ('Resolved', 'Closed', 'Ignored') then 'Reopened' else ${paymentErrors.status} end`,
        updatedAt: new Date(),
      },
    });
}

async function staffNames(db: DbOrTx, rows: PaymentErrorRow[]): Promise<Map<string, string>> {
  const people = await findStaffPeople(
    db,
    rows.map((r) => r.updatedBy).filter((id): id is string => !!id),
  );
  const names = new Map<string, string>();
  for (const [id, p] of people) names.set(id, [p.firstname, p.lastname].filter(Boolean).join(' ').trim() || p.role);
  return names;
}

function toView(row: PaymentErrorRow, paymentNumber: string | null, names?: Map<string, string>): PaymentErrorView {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    status: row.status,
    message: row.message,
    paymentNumber,
    clientId: row.clientId,
    expectedAmount: row.expectedAmount,
    paidAmount: row.paidAmount,
    occurrences: row.occurrences,
    note: row.note,
    updatedByName: row.updatedBy ? (names?.get(row.updatedBy) ?? 'Staff') : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPaymentErrors(
  db: DbOrTx,
  query: { status?: PaymentErrorStatus; page: number; limit: number },
): Promise<{ items: PaymentErrorView[]; page: number; limit: number; total: number }> {
  const where = query.status ? eq(paymentErrors.status, query.status) : undefined;
  const rows = await db
    .select({ error: paymentErrors, paymentNumber: payments.paymentNumber })
    .from(paymentErrors)
    .leftJoin(payments, eq(payments.id, paymentErrors.paymentId))
    .where(where)
    .orderBy(desc(paymentErrors.createdAt), desc(paymentErrors.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(paymentErrors).where(where);
  const names = await staffNames(
    db,
    rows.map((r) => r.error),
  );
  return {
    items: rows.map((r) => toView(r.error, r.paymentNumber, names)),
    page: query.page,
    limit: query.limit,
    total: total?.n ?? 0,
  };
}

/**
 * Moves a record along the allowed transitions; staying in the same status only updates the note,
 * and the same status with no new note (a retry) writes nothing. Resolved and Ignored need a note.
 */
export async function updatePaymentError(
  db: DbOrTx,
  id: string,
  change: { status: PaymentErrorStatus; note?: string },
  staffId: string,
): Promise<PaymentErrorView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentErrors).where(eq(paymentErrors.id, id)).for('update');
    if (!row) throw new AppError('Payment error not found', { status: 404, type: ErrorType.NotFound });
    const paymentNumber = async (paymentId: string | null) =>
      paymentId
        ? ((await tx.select({ n: payments.paymentNumber }).from(payments).where(eq(payments.id, paymentId)))[0]?.n ??
          null)
        : null;
    if (row.status === change.status && (change.note === undefined || change.note === row.note)) {
      return toView(row, await paymentNumber(row.paymentId), await staffNames(tx, [row]));
    }
    if (PAYMENT_ERROR_NOTE_REQUIRED.includes(change.status) && !(change.note || row.note)) {
      throw new AppError('Write a note: what was done about this payment', {
        status: 400,
        type: ErrorType.InvalidInput,
      });
    }
    if (row.status !== change.status && !canMovePaymentError(row.status, change.status)) {
      throw new AppError(`A payment error cannot move from ${row.status} to ${change.status}`, {
        status: 409,
        type: ErrorType.Conflict,
        additionalInfo: { from: row.status, to: change.status },
      });
    }
    const [updated] = await tx
      .update(paymentErrors)
      .set({ status: change.status, note: change.note ?? row.note, updatedBy: staffId })
      .where(and(eq(paymentErrors.id, id), eq(paymentErrors.status, row.status)))
      .returning();
    if (!updated) throw new AppError('Please retry', { status: 409, type: ErrorType.Conflict });
    return toView(updated, await paymentNumber(updated.paymentId), await staffNames(tx, [updated]));
  });
}
