import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DeliveryOption, OrderStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { canTransition } from '../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../domain/lifecycles/order';
import type { WalletPaymentResponse } from '../../../domain/schemas/wallet';
import { batcher } from '../../db/batcher';
import type { DbOrTx } from '../../db/client';
import { hasSqlState, STATEMENT_REFUSED } from '../../db/sql-state';
import { rawStatement, statement, value } from '../../db/statement';
import { normalizeOrderNumber } from '../../lib/references';
import {
  historyVersionAfterPaidCte,
  markOrderPaid,
  markPaidCtes,
  markPaidValues,
  type PaidOrderRow,
  payableAskedOrdersSql,
  payableClientOrderSql,
  requireClientOrder,
} from '../order';
import { closeOpenCheckouts, closeOpenCheckoutsSql } from '../payment';
import { debit } from './ledger';
import { walletNotFound } from './queries';
import { wallets, walletTransactions } from './tables';

/** An order is paid from a wallet at most once: the ledger reference is the order's id. */
const ORDER_REFERENCE_PREFIX = 'order:';
export const orderLedgerReference = (orderId: string) => `${ORDER_REFERENCE_PREFIX}${orderId}`;

/**
 * POST /api/payment/wallet: debits the order's total from the client's wallet and marks the
 * order Paid (PaymentType Wallet), all or nothing. A repeat for an order this wallet already
 * paid answers the same payment again; an order paid some other way is a Conflict and costs
 * nothing; a balance too small is InsufficientFund and changes nothing. An open card checkout of
 * the order is closed with the payment; a card success that still arrives for it is refunded
 * automatically (payment README: an order is paid once).
 *
 * The usual payment is one statement with no transaction around it (PostgreSQL makes a statement
 * atomic on its own): it refuses itself, writing nothing, when the balance does not cover the
 * order. Anything else (a refusal, a retry, a top-up landing meanwhile) is answered step by step
 * in a transaction, which says exactly why. `together` (walletPaymentsTogether, made once per app)
 * first tries the payment in one statement with other clients' payments of the same moment.
 */
export async function payOrderFromWallet(
  app: FastifyInstance,
  clientId: string,
  orderNumber: string,
  together?: PayTogether,
): Promise<WalletPaid> {
  const asked = { clientId, orderNumber: normalizeOrderNumber(orderNumber) };
  const paidTogether = together && (await together(asked));
  if (paidTogether) return paidTogether;
  const values = { ...asked, ...payValues({}) };
  try {
    const [row] = await payWholeStatement.run(app.db, values);
    if (row?.paid && row.entry && row.balance !== null) return answerOf(row.paid, Number(row.balance), row.entry.id);
  } catch (err) {
    if (!hasSqlState(err, STATEMENT_REFUSED)) throw err;
  }
  return app.db.transaction((tx) => payStepByStep(tx, clientId, orderNumber, {}));
}

/**
 * payOrderFromWallet inside the caller's transaction (the counter pays a sale it is placing).
 * `actorClientId`: the staff member who took the payment, put on the order's timeline.
 */
export async function payOrderFromWalletIn(
  tx: DbOrTx,
  clientId: string,
  orderNumber: string,
  options: { actorClientId?: string } = {},
): Promise<WalletPaid> {
  // The usual payment in one statement, as above; a statement that fails would abort the
  // caller's transaction, so this one pays the order even when the balance did not cover it and
  // leaves the debit below to refuse (the caller's transaction then rolls the order back). Any
  // other case is answered by the steps below.
  const [paidHere] = await payInTransactionStatement.run(tx, {
    clientId,
    orderNumber: normalizeOrderNumber(orderNumber),
    ...payValues(options),
  });
  const paid = paidHere?.paid;
  if (paid && paidHere.wallet_id) {
    let moved = { balance: Number(paidHere.balance), transactionId: paidHere.entry?.id };
    if (paidHere.balance === null) {
      // Paid, but the balance did not cover it: debit says so under the wallet's lock, or moves
      // it if a top-up just landed.
      const result = await debit(
        tx,
        ledgerMovementOf(paidHere.wallet_id, paid.id, paid.order_number, Number(paid.total)),
      );
      moved = { balance: result.balance, transactionId: result.transaction.id };
    }
    // The order was Not Paid, so its reference cannot be in the ledger yet: refused, not answered.
    if (!moved.transactionId) throw new Error(`the ledger already holds ${orderLedgerReference(paid.id)}`);
    return answerOf(paid, moved.balance, moved.transactionId);
  }
  return payStepByStep(tx, clientId, orderNumber, options);
}

/**
 * The answer, and whether the order is a home delivery (its center's dispatch board is told it
 * was paid; a pickup order has nothing there to tell, and no read is spent finding that out).
 */
export type WalletPaid = WalletPaymentResponse & { homeDelivery: boolean };

const answerOf = (paid: PaidOrderRow, balance: number, transactionId: string): WalletPaid => ({
  orderNumber: paid.order_number,
  paymentType: 'Wallet',
  amount: Number(paid.total),
  balance,
  transactionId,
  homeDelivery: paid.delivery_option === DeliveryOption.HomeDelivery,
});

/** The values of both payment statements but the client and the order. */
const payValues = (options: { actorClientId?: string }) => ({
  closeReason: CLOSED_BY_WALLET,
  ...markPaidValues('Wallet', { actorClientId: options.actorClientId }),
});

const CLOSED_BY_WALLET = 'Closed: the order was paid from the wallet';

/** The ledger movement of paying an order from a wallet. */
const ledgerMovementOf = (walletId: string, orderId: string, orderNumber: string, amount: number) => ({
  walletId,
  reference: orderLedgerReference(orderId),
  amount,
  purpose: 'OrderPayment' as const,
  displayName: `Order #${orderNumber}`,
  orderId,
});

type PayRow = {
  paid: PaidOrderRow | null;
  wallet_id: string | null;
  balance: string | null;
  entry: { id: string } | null;
};

/**
 * What both payment statements do, after a CTE `go(id, wallet_id)` (the orders to pay, each with
 * its client's active wallet): the orders' open card checkouts are closed (locked before the
 * orders, as on the card path), the orders move to Paid with their steps, and then (after all the
 * clients' history versions: historyVersionAfterPaidCte; `count(*)` reads every one of them, where
 * `exists` let a statement of several clients lock a wallet before the next client's version, and
 * deadlock with that client's payment made alone) each balance moves, only if it covers the
 * total (read under the wallet's lock), with its ledger row (`moved`, `entry`: by `order_id`).
 */
const payingCtes = sql`closed as (
    ${closeOpenCheckoutsSql(sql`any(select id from go)`)}
  ), ${markPaidCtes(sql`any(select id from go)`, sql`(select count(*) from closed) >= 0`)}, ${historyVersionAfterPaidCte}, moved as (
    update ${wallets} set balance = balance - paid.total, updated_at = now()
    from paid join go on go.id = paid.id
    where ${wallets.id} = go.wallet_id and balance >= paid.total
      and (select count(*) from versioned) > 0
    returning ${wallets.id} as wallet_id, balance, paid.id as order_id
  ), entry as (
    insert into ${walletTransactions} (wallet_id, reference, type, status, amount, balance_after, purpose, display_name, order_id)
    select moved.wallet_id, ${ORDER_REFERENCE_PREFIX}::text || paid.id::text, 'Debit', 'completed', paid.total, moved.balance,
      'OrderPayment', 'Order #' || paid.order_number, paid.id
    from moved join paid on paid.id = moved.order_id
    on conflict (reference) do nothing
    returning id, order_id
  )`;

/** A row of `paid` as the answer reads it (a PaidOrderRow). */
const paidOrderJson = sql`json_build_object('id', paid.id, 'client_id', paid.client_id, 'order_number', paid.order_number,
  'total', paid.total, 'delivery_option', paid.delivery_option, 'pickup_code', paid.pickup_code)`;

/**
 * The wallet payment of a client's order, in one statement (built once, db/statement.ts): the
 * order (Not Paid, with a total) and the client's active wallet are read, then paid as payingCtes
 * says. `whole`: an order moved to Paid without its ledger row refuses the statement
 * (`refuse_statement`, migration 0019), so PostgreSQL undoes all of it; without, the row answers a
 * null balance and the caller decides.
 */
const payStatementSql = (whole: boolean) => sql`with o as (
    ${payableClientOrderSql(value('orderNumber'), sql`${value('clientId')}::uuid`)}
  ), w as (
    select id from ${wallets} where client_id = ${value('clientId')}::uuid and status = 'active'
  ), go as (
    select o.id, w.id as wallet_id from o, w
  ), ${payingCtes}
  select (select ${paidOrderJson} from paid) as paid,
         (select id::text from w) as wallet_id,
         (select balance::text from moved) as balance,
         (select row_to_json(entry) from entry) as entry${
           whole
             ? sql`,
         case when exists (select 1 from paid) and not exists (select 1 from entry)
           then refuse_statement('wallet_pay_order: the balance does not cover the order') end as refused`
             : sql``
         }`;

const payWholeStatement = rawStatement<PayRow>('wallet_pay_order_whole', payStatementSql(true));
const payInTransactionStatement = rawStatement<PayRow>('wallet_pay_order', payStatementSql(false));

/** One client's payment of one order, as walletPaymentsTogether takes it. */
type PaymentToMake = { clientId: string; orderNumber: string };
/** Pays a client's order in one statement with others (walletPaymentsTogether); null to pay it alone. */
export type PayTogether = (payment: PaymentToMake) => Promise<WalletPaid | null>;

type PaidTogetherRow = { payments: { paid: PaidOrderRow; balance: string; entry: string }[] };

/**
 * Wallet payments of many clients in one statement: each order still Not Paid, with a total, of a
 * client whose active wallet covered it when the statement began, is paid as payingCtes says. An
 * order paid without its ledger row (a balance spent meanwhile) refuses the whole statement, and
 * every payment is then made alone. Each client has one payment at most in it (one wallet row is
 * moved once by an update).
 */
const payTogetherStatement = rawStatement<PaidTogetherRow>(
  'wallet_pay_orders_together',
  sql`with asked as (
    select * from unnest(${value('clientIds')}::uuid[], ${value('orderNumbers')}::text[]) as a(client_id, order_number)
  ), payable as (
    ${payableAskedOrdersSql(sql`asked`)}
  ), go as (
    select p.id, w.id as wallet_id
    from payable p join ${wallets} w on w.client_id = p.client_id and w.status = 'active'
    where w.balance >= p.total
  ), ${payingCtes}
  select coalesce((
      select json_agg(json_build_object(
        'paid', ${paidOrderJson},
        'balance', moved.balance::text, 'entry', entry.id))
      from entry join paid on paid.id = entry.order_id join moved on moved.order_id = entry.order_id), '[]') as payments,
    case when (select count(*) from paid) <> (select count(*) from entry)
      then refuse_statement('wallet_pay_orders_together: a balance no longer covers its order') end as refused`,
);

/** Payments in one statement at most; more wait for the next. */
const TOGETHER_MAX = 64;

/**
 * Pays the orders of many clients that arrive together in one statement (db/batcher.ts), where
 * each cost PostgreSQL a statement and a commit of its own. It answers null for a payment it did
 * not make (not payable as asked, a balance too small, a second payment of the same client, a
 * statement refused or failed): that one is then made alone (payOrderFromWallet), with its own
 * answer or refusal.
 */
export function walletPaymentsTogether(db: DbOrTx): PayTogether {
  return batcher(
    async (asked: PaymentToMake[]): Promise<(WalletPaid | null)[]> => {
      const seen = new Set<string>();
      const first = asked.filter((p) => !seen.has(p.clientId) && seen.add(p.clientId));
      let rows: PaidTogetherRow[];
      try {
        rows = await payTogetherStatement.run(db, {
          clientIds: first.map((p) => p.clientId),
          orderNumbers: first.map((p) => p.orderNumber),
          ...payValues({}),
        });
      } catch {
        return asked.map(() => null);
      }
      const byOrder = new Map((rows[0]?.payments ?? []).map((p) => [`${p.paid.client_id} ${p.paid.order_number}`, p]));
      return asked.map((p) => {
        const made = byOrder.get(`${p.clientId} ${p.orderNumber}`);
        if (!made || !first.includes(p)) return null;
        return answerOf(made.paid, Number(made.balance), made.entry);
      });
    },
    { max: TOGETHER_MAX },
  );
}

/** The payment step by step, with each refusal's own answer (and a retry's). */
async function payStepByStep(
  tx: DbOrTx,
  clientId: string,
  orderNumber: string,
  options: { actorClientId?: string },
): Promise<WalletPaid> {
  const order = await requireClientOrder(tx, clientId, orderNumber);
  const [wallet] = await activeWalletOf.run(tx, { clientId });
  if (!wallet) throw walletNotFound();
  if (order.total <= 0) {
    throw new AppError('This order has nothing to pay', { status: 400, type: ErrorType.AmountMissing });
  }

  const reference = orderLedgerReference(order.id);
  // An order that can still be paid was not paid from the wallet (the debit and Paid commit
  // together), so the ledger is read first only for one that cannot: a retry answers the payment.
  const payable = canTransition(orderLifecycle, order.status, OrderStatus.Paid, 'client');
  const [paidBefore] = payable
    ? []
    : await tx
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(eq(walletTransactions.reference, reference));
  if (!paidBefore && !payable) throw orderNotPayable(order.status);
  // Locks the order's open card payments, then the order (the card path's lock order), then the
  // wallet last: the wallet row, which every payment of this client waits for, is held only for
  // the ledger row, the balance and the commit. A card success committing meanwhile makes
  // markOrderPaid refuse; any failure below rolls the whole payment back.
  if (!paidBefore) {
    await closeOpenCheckouts(tx, order.id, CLOSED_BY_WALLET);
    if (!(await markOrderPaid(tx, order.id, 'Wallet', { actorClientId: options.actorClientId }))) {
      // Paid meanwhile: by this very payment sent twice at once (then it is answered again
      // below), or another way (a Conflict).
      const [racedHere] = await tx
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(eq(walletTransactions.reference, reference));
      if (!racedHere) throw orderNotPayable('changed');
    }
  }

  const result = await debit(tx, ledgerMovementOf(wallet.id, order.id, order.orderNumber, order.total));
  return {
    orderNumber: order.orderNumber,
    paymentType: 'Wallet',
    amount: result.transaction.amount,
    balance: result.balance,
    transactionId: result.transaction.id,
    homeDelivery: order.deliveryOption === DeliveryOption.HomeDelivery,
  };
}

/** Every wallet payment reads it: built once (db/statement.ts). */
const activeWalletOf = statement('wallet_active_of_client', (db) =>
  db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.clientId, sql.placeholder('clientId')), eq(wallets.status, 'active'))),
);

function orderNotPayable(status: string) {
  return new AppError(
    status === OrderStatus.Paid || status === 'changed'
      ? 'This order is already paid'
      : 'This order can no longer be paid',
    { status: 409, type: ErrorType.Conflict, additionalInfo: { status } },
  );
}
