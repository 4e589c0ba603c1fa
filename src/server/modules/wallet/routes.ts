import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

const tags = ['wallet'];

/** Routes of the /api/wallet area. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Create the wallet and its dedicated virtual account (answers the existing one if any)',
        body: createWalletBodySchema,
        response: { 200: walletSchema },
      },
    },
    async (request) => toWallet(await createWallet(app, signedInClientId(request), request.body)),
  );

  app.get(
    '/client',
    {
      preHandler: app.requireClient,
      schema: { tags, summary: "The signed-in client's wallet, or null", response: { 200: clientWalletSchema } },
    },
    async (request) => {
      const row = await findActiveWallet(app.db, signedInClientId(request));
      return { wallet: row ? toWallet(row) : null };
    },
  );

  app.get(
    '/details',
    {
      preHandler: app.requireClient,
      schema: { tags, summary: 'Wallet details (WalletNotFound without one)', response: { 200: walletSchema } },
    },
    async (request) => toWallet(await requireActiveWallet(app.db, signedInClientId(request))),
  );

  app.post(
    '/add_fund',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Start a card top-up (FundWallet payment); amount in kobo',
        body: addFundBodySchema,
        response: { 200: addFundResponseSchema },
      },
    },
    async (request) => addFund(app, signedInClientId(request), request.body.amount),
  );

  app.post(
    '/verify_payment',
    {
      preHandler: app.requireClient,
      schema: {
        tags,
        summary: 'Verify a wallet top-up with Paystack and credit it if paid (at most once)',
        body: verifyWalletPaymentBodySchema,
        response: { 200: verifyWalletPaymentResponseSchema },
      },
    },
    async (request) => verifyFunding(app, signedInClientId(request), request.body),
  );

  app.get(
    '/transactions',
    {
      preHandler: app.requireClient,
      schema: { tags, summary: 'Wallet transactions, newest first', response: { 200: walletTransactionsSchema } },
    },
    async (request) => {
      const wallet = await requireActiveWallet(app.db, signedInClientId(request));
      return (await listWalletTransactions(app.db, wallet.id)).map(toWalletTransaction);
    },
  );

  app.get(
    '/transactions/:id',
    {
      preHandler: app.requireClient,
      schema: {
        tags,
        summary: 'One wallet transaction',
        params: walletTransactionParamsSchema,
        response: { 200: walletTransactionSchema },
      },
    },
    async (request) => {
      const wallet = await requireActiveWallet(app.db, signedInClientId(request));
      return toWalletTransaction(await getWalletTransaction(app.db, wallet.id, request.params.id));
    },
  );

  if (app.config.sandbox) {
    app.post(
      '/simulate_transfer',
      {
        preHandler: [app.requireClient, app.requireSandboxOperator],
        schema: {
          tags,
          summary: 'Sandbox only: the emulator sends a bank transfer into a virtual account (webhook and all)',
          body: simulateTransferBodySchema,
          response: { 200: z.object({ reference: z.string(), amount: z.number().int() }) },
        },
      },
      async (request) => simulateTransferInto(app, request.body),
    );
  }
};

export default walletRoutes;
