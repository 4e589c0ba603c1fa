import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  PaymentPurpose,
  PaymentStep,
  WalletFundSource,
  WalletTransactionStatus,
  WalletTransactionType,
} from '../../../domain/enums';
import { createdAt, id, requiredRef, timestamps } from '../../db/columns';
import { clients } from '../client/tables';

/**
 * One wallet per client, with its Paystack dedicated virtual account. `balance` is integer kobo
 * and only ever changes together with a wallet_transactions row, under a lock of this row.
 * `status` is 'pending' between the row being claimed and the virtual account being assigned,
 * so a create that died half-way is resumed by the next create instead of making a second wallet.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id).unique(),
    walletNumber: text('wallet_number').notNull().unique(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<'pending' | 'active'>().notNull().default('pending'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true }).notNull(),
    paystackCustomerCode: text('paystack_customer_code'),
    bankName: text('bank_name'),
    accountNumber: text('account_number').unique(),
    accountName: text('account_name'),
    ...timestamps(),
  },
  (t) => [check('wallets_balance_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * The append-only ledger: one row per completed movement, unique by reference, so a webhook
 * delivered twice or a retried payment can never apply twice. A database trigger (migration
 * wallet_ledger_append_only) refuses updates and deletes.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    walletId: requiredRef('wallet_id', () => wallets.id),
    /** Where the movement came from: `paystack:<ref>`, `order:<orderId>`, … unique across the ledger. */
    reference: text('reference').notNull(),
    type: text('type').$type<WalletTransactionType>().notNull(),
    status: text('status').$type<WalletTransactionStatus>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Balance right after this row was applied: makes a broken chain easy to spot. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    source: text('source').$type<WalletFundSource>(),
    displayName: text('display_name').notNull(),
    fromBankName: text('from_bank_name'),
    fromAccountName: text('from_account_name'),
    fromAccountNumber: text('from_account_number'),
    orderId: uuid('order_id'),
    paymentId: text('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_reference_uq').on(t.reference),
    index('wallet_transactions_wallet_created_idx').on(t.walletId, t.createdAt),
    check('wallet_transactions_amount_positive', sql`${t.amount} > 0`),
    check('wallet_transactions_balance_after_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * A wallet funding (card top-up or bank transfer) and the PaymentStep it reached, so one that
 * stopped half-way (a crash, a lost webhook) is resumed from where it was by the next delivery
 * or verification of the same payment reference.
 */
export const walletFundings = pgTable(
  'wallet_fundings',
  {
    id: id(),
    walletId: requiredRef('wallet_id', () => wallets.id),
    /** The Paystack reference of the payment that funds the wallet. */
    reference: text('reference').notNull().unique(),
    paymentId: text('payment_id'),
    paymentNumber: text('payment_number'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    source: text('source').$type<WalletFundSource>().notNull(),
    step: text('step').$type<PaymentStep>().notNull().default('Initialize'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('wallet_fundings_wallet_idx').on(t.walletId),
    check('wallet_fundings_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
export type WalletFundingRow = typeof walletFundings.$inferSelect;
