import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DeliveryOption, OrderStatus, PaymentType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { formatNaira } from '../../../domain/format';
import { normalizePhone } from '../../../domain/phone';
import { basketOf, type CounterSaleInput, type CounterSaleResponse } from '../../../domain/schemas/counter';
import type { DbOrTx } from '../../db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '../../db/sql-state';
import { DEVICE_CLOCK_ALLOWANCE_MS } from '../../lib/device-time';
import type { StaffContext } from '../../plugins/session';
import { recordAudit } from '../audit';
import { issueWalletSaleCode, verifyWalletSaleCode } from '../auth';
import { addClient, displayName, findClientById, findClientByPhone } from '../client';
import {
  createOrder,
  datePlacedOrder,
  findOrderById,
  findOrderByNumber,
  markOrderDelivered,
  markOrderPaid,
  toOrderView,
} from '../order';
import { currentPriceVersion, priceVersionWindow } from '../product';
import { openShiftOf, recordCashMovement, recordSyncedCashSale, shiftAt } from '../shift';
import { findStaffPeople } from '../staff';
import { findActiveWallet, insufficientFund, payOrderFromWalletIn, walletNotFound } from '../wallet';
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
  staffId: string,
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
    staffId,
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

const conflict = (message: string, reason: string, more: Record<string, unknown> = {}) =>
  new AppError(message, { status: 409, type: ErrorType.Conflict, additionalInfo: { reason, ...more } });

/**
 * Where a sale goes: the shift whose drawer takes its cash, and that shift's gas center, which
 * the order is then of (null for both: no shift takes it).
 */
type Drawer = { shiftId: string | null; centerId: string | null; offline: boolean; pricedAt?: Date; madeAt?: Date };

/**
 * The first moment, from `from` to `until`, at which the catalogue version was in force (its
 * prices are that version's); null when it was in force at no moment of it, or never existed.
 * The version's bounds are read to the microsecond: the moment answered lies within them.
 */
async function whileVersionCurrent(
  db: DbOrTx,
  version: number | undefined,
  from: Date,
  until: Date,
): Promise<Date | null> {
  if (version === undefined) return null;
  const window = await priceVersionWindow(db, version);
  if (!window) return null;
  const start = Math.max(window.from === null ? Number.NEGATIVE_INFINITY : Math.ceil(window.from), from.getTime());
  const end = window.to ?? Number.POSITIVE_INFINITY;
  return start < end && start <= until.getTime() ? new Date(start) : null;
}

/**
 * A cash sale made offline (a provisional number): dated when the cash was taken (`soldAt`), in
 * the drawer of the shift it was made in — open, or since ended on another tablet — and priced
 * from the catalogue version the tablet held (`priceVersion`). A moment outside that shift (before
 * it began, after it ended or after now, past the allowance for the way) is refused, and so is a
 * version that was in force at no moment of the shift up to the sale: a tablet cannot have priced
 * a sale with prices gone before its shift began, nor with prices set after the sale.
 */
async function offlineDrawer(
  app: FastifyInstance,
  staff: StaffContext,
  input: CounterSaleInput,
  now: Date,
): Promise<Drawer> {
  if (!input.soldAt || !input.deviceId || input.priceVersion === undefined) {
    throw conflict(
      'This sale was saved by an older version of the app, without the tablet and the prices it was made with: it cannot be recorded as it is.',
      'OfflineSaleIncomplete',
    );
  }
  const soldAt = new Date(input.soldAt).getTime();
  const shift = await shiftAt(app.db, staff.id, new Date(soldAt + DEVICE_CLOCK_ALLOWANCE_MS));
  // No shift of the seller's began by then (within the week): as before, no drawer takes it.
  if (!shift && !staff.shiftId) return { shiftId: null, centerId: null, offline: true };
  const end = shift ? (shift.endedAt ?? now).getTime() : Number.NEGATIVE_INFINITY;
  if (!shift || soldAt > Math.min(end, now.getTime()) + DEVICE_CLOCK_ALLOWANCE_MS) {
    // A shift open now that began after the sale's moment: the sale says it came before it.
    const open = staff.shiftId ? await openShiftOf(app.db, staff.id) : null;
    if (open && open.startedAt.getTime() > soldAt) {
      throw conflict(
        'This sale is dated before the shift it was sent in began. A sale is recorded only within its shift.',
        'SoldBeforeShift',
        { soldAt: new Date(soldAt).toISOString(), shiftStartedAt: open.startedAt.toISOString() },
      );
    }
    throw conflict(
      shift?.endedAt
        ? 'This sale is dated after its shift ended. A sale is recorded only within its shift.'
        : "This sale is dated later than now. Check the tablet's clock.",
      'SoldAfterShift',
      {
        soldAt: new Date(soldAt).toISOString(),
        ...(shift?.endedAt ? { shiftEndedAt: shift.endedAt.toISOString() } : {}),
      },
    );
  }
  const latest = Math.min(end, now.getTime());
  const madeAt = new Date(Math.min(Math.max(soldAt, shift.startedAt.getTime()), latest));
  const pricedAt = await whileVersionCurrent(
    app.db,
    input.priceVersion,
    shift.startedAt,
    new Date(Math.min(soldAt + DEVICE_CLOCK_ALLOWANCE_MS, now.getTime())),
  );
  if (!pricedAt) {
    throw conflict(
      'This sale was priced with prices that were not in force during its shift, so it is not recorded at them.',
      'PriceVersionNotCurrent',
      { priceVersion: input.priceVersion, currentVersion: await currentPriceVersion(app.db) },
    );
  }
  return { shiftId: shift.id, centerId: shift.centerId, offline: true, madeAt, pricedAt };
}

/**
 * The drawer a cash sale goes into, and the moment it is priced at. A sale made online goes into
 * the seller's open shift at today's prices (nothing read: the session names the shift). A cash
 * sale made offline: `offlineDrawer`. A cash sale whose answer was lost and that reaches the
 * server after its shift ended (`soldAt`, no open shift) goes into the drawer of the shift it was
 * made in, provided that shift was open then, dated within it; it is priced from the catalogue
 * version the tablet held if that version was in force during the shift by then, else at today's
 * prices (its `expectedTotal` then decides).
 */
async function saleDrawer(
  app: FastifyInstance,
  staff: StaffContext,
  input: CounterSaleInput,
  now = new Date(),
): Promise<Drawer> {
  const cash = input.payment?.type === PaymentType.Cash;
  if (cash && input.provisionalNumber) return offlineDrawer(app, staff, input, now);
  if (!cash || !input.soldAt || staff.shiftId) {
    return { shiftId: staff.shiftId, centerId: staff.shiftCenterId, offline: false };
  }
  const soldAt = new Date(Math.min(new Date(input.soldAt).getTime(), now.getTime()));
  const found = await shiftAt(app.db, staff.id, soldAt);
  // A sale sent online was made while its shift was open: without one open then (a seller who
  // never started a shift today), no older drawer takes it.
  const shift = found && (!found.endedAt || found.endedAt >= soldAt) ? found : null;
  if (!shift) return { shiftId: null, centerId: null, offline: true };
  const pricedAt = await whileVersionCurrent(
    app.db,
    input.priceVersion,
    shift.startedAt,
    new Date(Math.min(soldAt.getTime() + DEVICE_CLOCK_ALLOWANCE_MS, now.getTime())),
  );
  return {
    shiftId: shift.id,
    centerId: shift.centerId,
    offline: true,
    madeAt: new Date(Math.max(soldAt.getTime(), shift.startedAt.getTime())),
    ...(pricedAt ? { pricedAt } : {}),
  };
}

/**
 * The moment a sale sent online is priced at when the total on the tablet no longer holds at
 * today's prices (its answer was lost and it came again, from the queue or a tap after a reload,
 * once a price had changed): the first moment of the seller's open shift, up to the sale's
 * moment, at which the catalogue version the tablet priced with was in force. Null without a
 * version, or with one in force at no such moment: the sale is then refused as any sale whose
 * total no longer holds.
 */
const agreedAt =
  (staffId: string, input: CounterSaleInput, now = new Date()) =>
  async (db: DbOrTx): Promise<Date | null> => {
    if (!input.soldAt || input.priceVersion === undefined) return null;
    const shift = await openShiftOf(db, staffId);
    const soldAt = new Date(input.soldAt).getTime();
    if (!shift || soldAt < shift.startedAt.getTime() - DEVICE_CLOCK_ALLOWANCE_MS) return null;
    return whileVersionCurrent(
      db,
      input.priceVersion,
      shift.startedAt,
      new Date(Math.min(soldAt + DEVICE_CLOCK_ALLOWANCE_MS, now.getTime())),
    );
  };

type Seller = { staff: StaffContext; clientId: string };
type SoldAtCounter = Omit<CounterSaleResponse, 'sale' | 'sms'> & {
  sale: Omit<CounterSaleResponse['sale'], 'receiptSms'>;
  /** The same offline sale came again (under another key): answered as recorded, nothing done. */
  replayed?: true;
};

/** A basket's lines as product and quantity, in an order that does not depend on the listing. */
const linesOf = (items: readonly { productId: string; quantity: number }[]) =>
  items
    .map((i) => `${i.productId}:${i.quantity}`)
    .sort()
    .join(',');

/**
 * The sale this tablet already recorded under this provisional number, answered as recorded; null
 * if there is none. A tablet's provisional number is one sale (unique per tablet in the database),
 * so the same sale sent again under another Idempotency-Key (a queue cleared and filled again, the
 * page and the worker both sending) records nothing more and moves no drawer. The same number with
 * another seller, customer or basket is not that sale: refused, nothing recorded.
 */
async function recordedOfflineSale(app: FastifyInstance, seller: Seller, input: CounterSaleInput) {
  if (!input.provisionalNumber || !input.deviceId) return null;
  const [row] = await app.db
    .select()
    .from(counterSales)
    .where(and(eq(counterSales.deviceId, input.deviceId), eq(counterSales.provisionalNumber, input.provisionalNumber)))
    .limit(1);
  if (!row) return null;
  const order = await findOrderById(app.db, row.orderId);
  const customer = order ? await findClientById(app.db, order.clientId) : undefined;
  if (!order || !customer) throw new Error('a recorded counter sale lost its order');
  const view = await toOrderView(app.db, order);
  const phone = normalizePhone(input.phone);
  if (
    row.staffId !== seller.staff.id ||
    !phone.pass ||
    phone.local !== customer.phoneLocal ||
    linesOf(view.items) !== linesOf(input.order.items)
  ) {
    throw conflict(
      `This tablet already recorded another sale with the receipt number ${input.provisionalNumber}.`,
      'ProvisionalNumberTaken',
      { provisionalNumber: input.provisionalNumber },
    );
  }
  const person = (await findStaffPeople(app.db, [row.staffId])).get(row.staffId);
  return {
    client: {
      id: customer.id,
      phoneLocal: customer.phoneLocal,
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
    },
    order: view,
    sale: {
      paymentType: row.paymentType,
      posReference: row.posReference,
      provisionalNumber: row.provisionalNumber,
      handedOver: row.handedOver,
      shiftId: row.paymentType === PaymentType.Cash ? row.shiftId : null,
      staffName: person ? displayName(person) : 'Staff',
    },
    replayed: true,
  } satisfies SoldAtCounter;
}

/**
 * A sale at the counter (`sellOnce`), and a sale made offline once only: one already recorded by
 * its tablet under its provisional number is answered as recorded (`recordedOfflineSale`), and of
 * two sent at once the database's unique index lets one through; the other is answered with it.
 */
export async function sellAtCounter(
  app: FastifyInstance,
  seller: Seller,
  input: CounterSaleInput,
): Promise<SoldAtCounter> {
  const recorded = await recordedOfflineSale(app, seller, input);
  if (recorded) return recorded;
  try {
    return await sellOnce(app, seller, input);
  } catch (error) {
    if (!hasSqlState(error, UNIQUE_VIOLATION)) throw error;
    const raced = await recordedOfflineSale(app, seller, input);
    if (raced) return raced;
    throw error;
  }
}

/**
 * A sale at the counter (docs/product.md, "Counter sales"): the walk-in customer found or added by phone,
 * the order placed with the ordering rules (prices, stock, daily limits: `createOrder`), paid by
 * cash, POS/transfer or the customer's wallet, and handed over at once when asked — all in one
 * transaction, so a refusal anywhere leaves nothing behind. Cash goes into the drawer of the
 * seller's open shift. Retries are made safe by the Idempotency-Key in front of the route.
 */
async function sellOnce(app: FastifyInstance, seller: Seller, input: CounterSaleInput): Promise<SoldAtCounter> {
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
  if (payment?.type === PaymentType.Wallet) await walletConsent(app, row, input.order, payment.code, seller.staff.id);

  const result = await app.db.transaction(async (tx) => {
    const placed = await createOrder(tx, client.id, input.order, {
      maps: app.maps,
      legs: app.orderLegs,
      actorClientId: seller.clientId,
      pricedAt: drawer.pricedAt,
      agreedAt: !drawer.offline && input.soldAt ? agreedAt(seller.staff.id, input) : undefined,
      // The counter sells its own center's goods: the center of the shift the sale is made in.
      centerId: drawer.centerId ?? seller.staff.shiftCenterId ?? undefined,
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
      deviceId: input.provisionalNumber ? (input.deviceId ?? null) : null,
      priceVersion: drawer.pricedAt ? (input.priceVersion ?? null) : null,
      handedOver: handOver,
    });
    await recordAudit(tx, {
      staffId: seller.staff.id,
      action: 'sale.walk_in',
      subject: placed.orderNumber,
      changes: {
        total: placed.total,
        paymentType: payment?.type ?? null,
        posReference: payment?.type === PaymentType.Electronic ? payment.reference : null,
        handedOver: handOver,
        shiftId,
        customerId: client.id,
        ...(drawer.offline ? { offline: true, provisionalNumber: input.provisionalNumber ?? null } : {}),
      },
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
