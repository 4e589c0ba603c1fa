import { z } from 'zod';
import { MAX_WALLET_AMOUNT_KOBO } from '../constants';
import {
  paymentPurposeValues,
  walletFundSourceValues,
  walletTransactionStatusValues,
  walletTransactionTypeValues,
} from '../enums';

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} is too long`);

/** The wallet creation form: firstname and surname required, consent required. */
export const createWalletBodySchema = z.object({
  firstname: name('firstname'),
  lastname: name('lastname'),
  email: z.email('email is not a valid address').max(200),
  consentGiven: z.literal(true, { error: 'consent is required' }),
});
export type CreateWalletBody = z.infer<typeof createWalletBodySchema>;

export const virtualAccountSchema = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

/** A wallet. Amounts are integer kobo. */
export const walletSchema = z.object({
  walletNumber: z.string(),
  balance: z.number().int(),
  virtualAccount: virtualAccountSchema,
  client: z.object({ firstname: z.string(), lastname: z.string() }),
});
export type Wallet = z.infer<typeof walletSchema>;

/** GET wallet/client: whether the signed-in client has a wallet yet, and the wallet if so. */
export const clientWalletSchema = z.object({ wallet: walletSchema.nullable() });
export type ClientWallet = z.infer<typeof clientWalletSchema>;

const amountKobo = z
  .number({ error: 'amount is required' })
  .int('amount must be a whole number of kobo')
  .positive('amount must be above 0')
  .max(MAX_WALLET_AMOUNT_KOBO, 'amount is too large');

/** POST wallet/add_fund: amount in kobo. */
export const addFundBodySchema = z.object({ amount: amountKobo });
export type AddFundBody = z.infer<typeof addFundBodySchema>;

/** What add fund answers: the card checkout to open and the payment's references. */
export const addFundResponseSchema = z.object({
  authorizationUrl: z.string(),
  paymentReference: z.string(),
  accessCode: z.string(),
  paymentNumber: z.string(),
});
export type AddFundResponse = z.infer<typeof addFundResponseSchema>;

/** POST wallet/verify_payment: one of the two identifies the funding payment. */
export const verifyWalletPaymentBodySchema = z
  .object({
    paymentReference: z.string().min(1).max(200).optional(),
    paymentNumber: z.string().min(1).max(200).optional(),
  })
  .refine((b) => b.paymentReference || b.paymentNumber, {
    message: 'paymentReference or paymentNumber is required',
  });
export type VerifyWalletPaymentBody = z.infer<typeof verifyWalletPaymentBodySchema>;

export const verifyWalletPaymentResponseSchema = z.object({
  status: z.enum(['success', 'pending', 'failed']),
  amount: z.number().int(),
  paymentNumber: z.string().nullable(),
  paymentReference: z.string(),
  balance: z.number().int(),
});
export type VerifyWalletPaymentResponse = z.infer<typeof verifyWalletPaymentResponseSchema>;

/** A wallet transaction, as the wallet screen lists it. */
export const walletTransactionSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  purpose: z.enum(paymentPurposeValues),
  status: z.enum(walletTransactionStatusValues),
  type: z.enum(walletTransactionTypeValues),
  source: z.enum(walletFundSourceValues).nullable(),
  displayName: z.string(),
  createdAt: z.string(),
  from: z.object({ bankName: z.string().nullable() }),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsSchema = z.array(walletTransactionSchema);

export const walletTransactionParamsSchema = z.object({ id: z.uuid('id must be a transaction id') });

/** POST /api/payment/wallet: pay an order from the wallet. */
export const walletPaymentBodySchema = z.object({ orderNumber: z.string().trim().min(1).max(64) });
export type WalletPaymentBody = z.infer<typeof walletPaymentBodySchema>;

export const walletPaymentResponseSchema = z.object({
  orderNumber: z.string(),
  paymentType: z.literal('Wallet'),
  amount: z.number().int(),
  balance: z.number().int(),
  transactionId: z.string(),
});
export type WalletPaymentResponse = z.infer<typeof walletPaymentResponseSchema>;

/** POST /api/wallet/simulate_transfer (sandbox only). */
export const simulateTransferBodySchema = z.object({
  accountNumber: z.string().regex(/^\d{10}$/, 'accountNumber must be 10 digits'),
  amount: amountKobo,
});
export type SimulateTransferBody = z.infer<typeof simulateTransferBodySchema>;
