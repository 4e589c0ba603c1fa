import type { FastifyInstance } from 'fastify';
import { DeliveryOption, OrderStatus, PaymentType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { formatNaira } from '../../../domain/format';
import { normalizePhone } from '../../../domain/phone';
import { basketOf, type CounterSaleInput, type CounterSaleResponse } from '../../../domain/schemas/counter';
import type { DbOrTx } from '../../db/client';
import type { StaffContext } from '../../plugins/session';
import { issueWalletSaleCode, verifyWalletSaleCode } from '../auth/wallet-sale-code';
import { addClient, findClientByPhone } from '../client/service';
import { markOrderDelivered } from '../order/mark-delivered';
import { markOrderPaid } from '../order/mark-paid';
import { createOrder, datePlacedOrder, findOrderByNumber, toOrderView } from '../order/service';
import { displayName } from '../sales/service';
import { openShiftOf, recordCashMovement, recordSyncedCashSale, shiftAt } from '../shift/service';
import { findStaffPeople } from '../staff/service';
import { payOrderFromWalletIn } from '../wallet/pay-order';
import { findActiveWallet, insufficientFund, walletNotFound } from '../wallet/queries';
import { counterSales } from './tables';

const invalid = (message: string) => new AppError(message, { status: 400, type: ErrorType.InvalidInput });

/**
 * A wallet is paid from at the counter only with its owner's consent: the code texted to their
 * phone for this amount, which they read out. Without a code one is texted (409 WalletCodeSent,
 * nothing recorded); a wrong code is refused as a sign-in code is (its tries counted, then burnt).
 * Whether the wallet can pay is said before any code is sent.
 */
async function walletConsent(
  app: FastifyInstance,
  customer: { id: string; phoneInternational: string },
  order: CounterSaleInput['order'],
  code: string | undefined,
) {
  const amount = order.expectedTotal;
  if (amount === undefined) {
    throw invalid('Say the total the customer agreed to (order.expectedTotal) to pay from their wallet');
  }
  const wallet = await findActiveWallet(app.db, customer.id);
  if (!wallet) throw walletNotFound();
  if (wallet.balance < amount) throw insufficientFund(wallet.balance, amount);
  const deps = { db: app.db, config: app.config, sms: app.sms.provider };
  const sale = { amount, basket: basketOf(order.items) };
  if (code) {
    await verifyWalletSaleCode(deps, customer.id, sale, code);
    return;
  }
  const sent = await issueWalletSaleCode(deps, {
    clientId: customer.id,
    phoneInternational: customer.phoneInternational,
    ...sale,
  });
  throw new AppError(
    "We texted a code to the customer's phone. Type the code they read out to pay from their wallet.",
    {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'WalletCodeSent', expiresAt: sent.expiresAt.toISOString() },
    },
  );
}

/**
 * The drawer a cash sale goes into, and the moment it is priced at. A sale made online goes into
 * the seller's open shift at today's prices (nothing read: the session names the shift). A cash
 * sale made offline (`soldAt` and a provisional number), or one whose answer was lost and that
 * reaches the server after its shift ended (`soldAt`, no open shift), goes into the drawer of the
 * shift it was made in, open or since ended on another tablet, at the prices of its moment, kept
 * within that shift and not after now: the drawer took that cash at those prices.
 */
async function saleDrawer(
  app: FastifyInstance,
  staff: StaffContext,
  input: CounterSaleInput,
  now = new Date(),
): Promise<{ shiftId: string | null; offline: boolean; pricedAt?: Date; madeAt?: Date }> {
  const offline =
    input.payment?.type === PaymentType.Cash && Boolean(input.soldAt && (input.provisionalNumber || !staff.shiftId));
  if (!offline || !input.soldAt) return { shiftId: staff.shiftId, offline: false };
  const soldAt = new Date(Math.min(new Date(input.soldAt).getTime(), now.getTime()));
  const found =
    (await shiftAt(app.db, staff.id, soldAt)) ?? (staff.shiftId ? await openShiftOf(app.db, staff.id) : null);
  // A sale sent online was made while its shift was open: without one open then (a seller who
  // never started a shift today), no older drawer takes it. A tablet offline could not know its
  // shift was ended elsewhere, so its sale goes into that shift whenever it was made.
  const shift = input.provisionalNumber || !found?.endedAt || found.endedAt >= soldAt ? found : null;
  if (!shift) return { shiftId: null, offline };
  const t = Math.max(soldAt.getTime(), shift.startedAt.getTime());
  return {
    shiftId: shift.id,
    offline,
    madeAt: new Date(t),
    ...(t < now.getTime() ? { pricedAt: new Date(t) } : {}),
  };
}

/**
 * The moment a sale sent online was agreed at (its `soldAt`), kept within the shift it was made in
 * and not after now; null without such a shift. Asked only when the total on the tablet no longer
 * holds at today's prices: its answer was lost and it came again (from the queue, or a tap after
 * a reload) once a price had changed. The customer paid the total on the tablet.
 */
const agreedAt =
  (staffId: string, soldAt: string, now = new Date()) =>
  async (db: DbOrTx): Promise<Date | null> => {
    const at = new Date(Math.min(new Date(soldAt).getTime(), now.getTime()));
    const shift = await shiftAt(db, staffId, at);
    return shift ? new Date(Math.max(at.getTime(), shift.startedAt.getTime())) : null;
  };

/**
 * A sale at the counter (README "Counter sales"): the walk-in customer found or added by phone,
 * the order placed with the ordering rules (prices, stock, daily limits: `createOrder`), paid by
 * cash, POS/transfer or the customer's wallet, and handed over at once when asked — all in one
 * transaction, so a refusal anywhere leaves nothing behind. Cash goes into the drawer of the
 * seller's open shift. Retries are made safe by the Idempotency-Key in front of the route.
 */
export async function sellAtCounter(
  app: FastifyInstance,
  seller: { staff: StaffContext; clientId: string },
  input: CounterSaleInput,
): Promise<Omit<CounterSaleResponse, 'sale'> & { sale: Omit<CounterSaleResponse['sale'], 'receiptSms'> }> {
  const phone = normalizePhone(input.phone);
  if (!phone.pass) throw invalid('Mobile number format is not correct');
  const payment = input.payment ?? null;
  const handOver = input.handOver ?? false;
  if (handOver && !payment) throw invalid('Take the payment before handing the order over');
  if (handOver && input.order.deliveryOption !== DeliveryOption.PickerUP) {
    throw invalid('Only an order collected at the counter can be handed over at once');
  }
  const drawer = await saleDrawer(app, seller.staff, input);
  // Staff sell on a shift. A sale made offline whose shift was ended on another tablet before it
  // synced is still recorded, in that shift's drawer.
  if (!seller.staff.shiftId && !(drawer.offline && drawer.shiftId)) {
    throw new AppError('Start a shift first', {
      status: 403,
      type: ErrorType.Forbidden,
      additionalInfo: { reason: 'NoActiveShift' },
    });
  }
  if (payment?.type === PaymentType.Cash && !drawer.shiftId) {
    throw new AppError('Start your shift to take cash', {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'NoOpenShift' },
    });
  }

  // The customer exists after this even if the sale is refused: a phone number is not a sale.
  const row =
    (await addClient(app.db, {
      phoneLocal: phone.local,
      phoneInternational: phone.international,
      firstname: input.firstname ?? null,
      lastname: input.lastname ?? null,
    })) ?? (await findClientByPhone(app.db, phone.local));
  if (!row) throw new Error('client upsert lost');
  const client = {
    id: row.id,
    phoneLocal: row.phoneLocal,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
  };
  if (payment?.type === PaymentType.Wallet) await walletConsent(app, row, input.order, payment.code);

  const result = await app.db.transaction(async (tx) => {
    const placed = await createOrder(tx, client.id, input.order, {
      maps: app.maps,
      legs: app.orderLegs,
      actorClientId: seller.clientId,
      pricedAt: drawer.pricedAt,
      agreedAt: !drawer.offline && input.soldAt ? agreedAt(seller.staff.id, input.soldAt) : undefined,
    });
    // Made offline: the order, its payment and its hand-over are dated when the cash was taken, so
    // the sales by day and the order lists agree with the drawer it went into (a millisecond apart,
    // so its timeline reads in that order).
    const madeAt = drawer.offline ? drawer.madeAt : undefined;
    const step = (n: number) => (madeAt ? new Date(madeAt.getTime() + n) : undefined);
    if (madeAt) await datePlacedOrder(tx, placed.id, madeAt);
    const note =
      payment?.type === PaymentType.Electronic
        ? `Paid at the counter (POS/transfer ${payment.reference})`
        : `Paid at the counter (${payment?.type})`;
    if (payment?.type === PaymentType.Wallet) {
      await payOrderFromWalletIn(tx, client.id, placed.orderNumber, { actorClientId: seller.clientId });
    } else if (payment) {
      const paid = await markOrderPaid(tx, placed.id, payment.type, {
        actorClientId: seller.clientId,
        note,
        ...(madeAt ? { paidAt: step(1) } : {}),
      });
      if (!paid) throw new Error('a new order could not be marked paid');
    }
    let shiftId: string | null = null;
    if (payment?.type === PaymentType.Cash && drawer.shiftId) {
      shiftId = drawer.shiftId;
      const movement = { shiftId, amount: placed.total, orderId: placed.id };
      if (drawer.offline) await recordSyncedCashSale(tx, movement);
      else await recordCashMovement(tx, { ...movement, kind: 'sale' });
    }
    if (handOver) {
      await markOrderDelivered(tx, placed.id, { actorClientId: seller.clientId, at: step(2) ?? new Date() });
    }
    await tx.insert(counterSales).values({
      orderId: placed.id,
      staffId: seller.staff.id,
      shiftId: drawer.shiftId ?? seller.staff.shiftId,
      paymentType: payment?.type ?? null,
      posReference: payment?.type === PaymentType.Electronic ? payment.reference : null,
      provisionalNumber: input.provisionalNumber ?? null,
      handedOver: handOver,
    });
    const final = await findOrderByNumber(tx, placed.orderNumber);
    if (!final) throw new Error('the sale vanished');
    return { order: await toOrderView(tx, final), shiftId };
  });
  app.orderLegs.stock.committed?.();

  const people = await findStaffPeople(app.db, [seller.staff.id]);
  const person = people.get(seller.staff.id);
  return {
    client,
    order: result.order,
    sale: {
      paymentType: payment?.type ?? null,
      posReference: payment?.type === PaymentType.Electronic ? payment.reference : null,
      provisionalNumber: input.provisionalNumber ?? null,
      handedOver: handOver,
      shiftId: result.shiftId,
      staffName: person ? displayName(person) : 'Staff',
    },
  };
}

/** The text of the SMS receipt: short enough for one or two messages. */
export function receiptSmsText(sale: {
  order: CounterSaleResponse['order'];
  sale: { handedOver: boolean; provisionalNumber?: string | null };
}): string {
  const { order } = sale;
  const state =
    order.status === OrderStatus.NotPaid
      ? 'To pay in the Arrive app.'
      : sale.sale.handedOver
        ? 'Paid and collected.'
        : `Paid. Pickup code ${order.pickupCode ?? ''}.`.replace(' .', '.');
  // A sale made offline: the paper receipt carries its provisional number only.
  const paper = sale.sale.provisionalNumber ? ` (paper receipt ${sale.sale.provisionalNumber})` : '';
  return `Arrive receipt ${order.orderNumber}${paper}: ${formatNaira(order.total)}. ${state} Thank you.`;
}
