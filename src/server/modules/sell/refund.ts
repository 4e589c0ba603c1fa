import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PaymentType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Order } from '../../../domain/schemas/order';
import type { StaffContext } from '../../plugins/session';
import { recordAudit } from '../audit';
import { cancelPaidOrder, findOrderById, toOrderView } from '../order';
import { cashSaleOf, recordCashMovement } from '../shift';
import { counterSales } from './tables';

/**
 * The order a refund names: its number, or the provisional number an offline tablet printed on
 * the customer's receipt (`OFF-…`, the only number that receipt carries).
 */
async function orderNumberOf(app: FastifyInstance, reference: string): Promise<string> {
  const typed = reference.trim().toUpperCase();
  if (!typed.startsWith('OFF-')) return reference;
  const [sale, another] = await app.db
    .select({ orderId: counterSales.orderId })
    .from(counterSales)
    .where(eq(counterSales.provisionalNumber, typed))
    .orderBy(desc(counterSales.createdAt))
    .limit(2);
  // A number is one sale per tablet; two tablets may have drawn the same one. Then the order
  // number (in the customer's texted receipt) says which, never a guess.
  if (another) {
    throw new AppError(
      `Two sales have the receipt number ${typed} (from two tablets). Refund it by its order number (ARV-…) from the customer's SMS receipt.`,
      { status: 409, type: ErrorType.Conflict, additionalInfo: { reason: 'ProvisionalNumberAmbiguous' } },
    );
  }
  const order = sale ? await findOrderById(app.db, sale.orderId) : null;
  if (!order) {
    throw new AppError(`No sale has the receipt number ${typed}: it may not have synced yet`, {
      status: 404,
      type: ErrorType.NotFound,
      additionalInfo: { reason: 'ProvisionalNumberUnknown' },
    });
  }
  return order.orderNumber;
}

/**
 * POST /api/client/refund_order: a cash sale not yet handed over is taken back and its money paid
 * out of the refunder's drawer, in one transaction (the order Cancelled, its stock back, the
 * refund on the open shift). Card, POS and wallet sales are refunded by their own channel, not
 * from the drawer: they are refused here, and nothing changes.
 */
export async function refundCashSale(
  app: FastifyInstance,
  refunder: { staff: StaffContext; clientId: string },
  input: { orderNumber: string; reason: string },
): Promise<{ order: Order; refunded: number }> {
  const shiftId = refunder.staff.shiftId;
  if (!shiftId) {
    throw new AppError('Start your shift to pay cash out of the drawer', {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'NoOpenShift' },
    });
  }
  const orderNumber = await orderNumberOf(app, input.orderNumber);
  const result = await app.db.transaction(async (tx) => {
    const { before, after } = await cancelPaidOrder(tx, app.orderLegs, orderNumber, {
      actorClientId: refunder.clientId,
      note: `Refunded in cash at the counter: ${input.reason}`,
    });
    const sale = before.paymentType === PaymentType.Cash ? await cashSaleOf(tx, before.id) : null;
    if (!sale) {
      throw new AppError('Only a cash sale taken at the counter is refunded from the drawer', {
        status: 409,
        type: ErrorType.Conflict,
        additionalInfo: { reason: 'NotACashSale', paymentType: before.paymentType },
      });
    }
    await recordCashMovement(tx, {
      shiftId,
      kind: 'refund',
      amount: sale.amount,
      orderId: before.id,
      note: input.reason,
    });
    await recordAudit(tx, {
      staffId: refunder.staff.id,
      action: 'sale.refund',
      subject: orderNumber,
      changes: {
        refunded: sale.amount,
        from: 'drawer',
        shiftId,
        reason: input.reason,
        status: [before.status, after.status],
      },
    });
    return { order: await toOrderView(tx, after), refunded: sale.amount };
  });
  app.orderLegs.stock.committed?.();
  return result;
}
