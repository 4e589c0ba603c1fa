import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OrderStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { canTransition } from '../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../domain/lifecycles/order';
import type { WalletPaymentResponse } from '../../../domain/schemas/wallet';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { markOrderPaid } from '../order/mark-paid';
import { requireClientOrder } from '../order/service';
import { closeOpenCheckouts } from '../payment/order-payment';
import { debit } from './ledger';
import { walletNotFound } from './queries';
import { wallets, walletTransactions } from './tables';

/** An order is paid from a wallet at most once: the ledger reference is the order's id. */
export const orderLedgerReference = (orderId: string) => `order:${orderId}`;

/**
 * POST /api/payment/wallet: debits the order's total from the client's wallet and marks the
 * order Paid (PaymentType Wallet) in one transaction. A repeat for an order this wallet already
 * paid answers the same payment again; an order paid some other way is a Conflict and costs
 * nothing; a balance too small is InsufficientFund and changes nothing. An open card checkout of
 * the order is closed in the same transaction; a card success that still arrives for it is
 * refunded automatically (payment README: an order is paid once).
 */
export async function payOrderFromWallet(
  app: FastifyInstance,
  clientId: string,
  orderNumber: string,
): Promise<WalletPaymentResponse> {
  return app.db.transaction((tx) => payOrderFromWalletIn(tx, clientId, orderNumber));
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
): Promise<WalletPaymentResponse> {
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
    await closeOpenCheckouts(tx, order.id, 'Closed: the order was paid from the wallet');
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

  const result = await debit(tx, {
    walletId: wallet.id,
    reference,
    amount: order.total,
    purpose: 'OrderPayment',
    displayName: `Order #${order.orderNumber}`,
    orderId: order.id,
  });
  return {
    orderNumber: order.orderNumber,
    paymentType: 'Wallet',
    amount: result.transaction.amount,
    balance: result.balance,
    transactionId: result.transaction.id,
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
