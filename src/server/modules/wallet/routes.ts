import { z } from 'zod';
import {
  addFundBodySchema,
  addFundResponseSchema,
  clientWalletSchema,
  createWalletBodySchema,
  simulateTransferBodySchema,
  verifyWalletPaymentBodySchema,
  verifyWalletPaymentResponseSchema,
  walletSchema,
  walletTransactionParamsSchema,
  walletTransactionSchema,
  walletTransactionsSchema,
} from '../../../domain/schemas/wallet';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { createWallet } from './create-wallet';
import { addFund } from './funding';
import {
  findActiveWallet,
  getWalletTransaction,
  listWalletTransactions,
  requireActiveWallet,
  toWallet,
  toWalletTransaction,
} from './queries';
import { simulateTransferInto } from './simulate-transfer';
import { verifyFunding } from './verify-funding';

/** Routes of the /api/wallet area. */
const walletRoutes = routesOf('wallet', async (app, route) => {
  app.post(
    '/create',
    route('Create the wallet and its dedicated virtual account (answers the existing one if any)', {
      who: app.requireClient,
      idempotent: true,
      body: createWalletBodySchema,
      ok: walletSchema,
    }),
    async (request) => toWallet(await createWallet(app, signedInClientId(request), request.body)),
  );

  app.get(
    '/client',
    route("The signed-in client's wallet, or null", { who: app.requireClient, ok: clientWalletSchema }),
    async (request) => {
      const row = await findActiveWallet(app.db, signedInClientId(request));
      return { wallet: row ? toWallet(row) : null };
    },
  );

  app.get(
    '/details',
    route('Wallet details (WalletNotFound without one)', { who: app.requireClient, ok: walletSchema }),
    async (request) => toWallet(await requireActiveWallet(app.db, signedInClientId(request))),
  );

  app.post(
    '/add_fund',
    route('Start a card top-up (FundWallet payment); amount in kobo', {
      who: app.requireClient,
      idempotent: true,
      body: addFundBodySchema,
      ok: addFundResponseSchema,
    }),
    async (request) => addFund(app, signedInClientId(request), request.body.amount),
  );

  app.post(
    '/verify_payment',
    route('Verify a wallet top-up with Paystack and credit it if paid (at most once)', {
      who: app.requireClient,
      body: verifyWalletPaymentBodySchema,
      ok: verifyWalletPaymentResponseSchema,
    }),
    async (request) => verifyFunding(app, signedInClientId(request), request.body),
  );

  app.get(
    '/transactions',
    route('Wallet transactions, newest first', { who: app.requireClient, ok: walletTransactionsSchema }),
    async (request) => {
      const wallet = await requireActiveWallet(app.db, signedInClientId(request));
      return (await listWalletTransactions(app.db, wallet.id)).map(toWalletTransaction);
    },
  );

  app.get(
    '/transactions/:id',
    route('One wallet transaction', {
      who: app.requireClient,
      params: walletTransactionParamsSchema,
      ok: walletTransactionSchema,
    }),
    async (request) => {
      const wallet = await requireActiveWallet(app.db, signedInClientId(request));
      return toWalletTransaction(await getWalletTransaction(app.db, wallet.id, request.params.id));
    },
  );

  if (app.config.sandbox) {
    app.post(
      '/simulate_transfer',
      route('Sandbox only: the emulator sends a bank transfer into a virtual account (webhook and all)', {
        who: [app.requireClient, app.requireSandboxOperator],
        body: simulateTransferBodySchema,
        ok: z.object({ reference: z.string(), amount: z.number().int() }),
      }),
      async (request) => simulateTransferInto(app, request.body),
    );
  }
});

export default walletRoutes;
