import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import type { CreateWalletBody } from '../../../domain/schemas/wallet';
import { findClientSummary } from '../client';
import { type WalletRow, wallets } from './tables';

/** Ten digits, never starting with 0, so it reads like the account numbers clients know. */
export const newWalletNumber = () => String(randomInt(1_000_000_000, 10_000_000_000));

async function claimWalletRow(app: FastifyInstance, clientId: string, body: CreateWalletBody): Promise<WalletRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await app.db.select().from(wallets).where(eq(wallets.clientId, clientId));
    if (existing) return existing;
    const inserted = await app.db
      .insert(wallets)
      .values({
        clientId,
        walletNumber: newWalletNumber(),
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        consentGivenAt: new Date(),
      })
      // A concurrent create for the same client, or (rarely) a wallet number already taken:
      // either way look again, and draw a new number if the client still has no row.
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
  }
  throw new AppError('A wallet number could not be assigned, please try again', { status: 503 });
}

/**
 * Creates the client's wallet: claims a wallet row (with its wallet number) first, then creates
 * the Paystack customer and the dedicated virtual account. Every step is saved as it completes,
 * so a create that failed half-way (gateway down, crash) is resumed by the next one, and a
 * create for a client who already has a wallet answers that wallet: one client, one wallet.
 */
export async function createWallet(app: FastifyInstance, clientId: string, body: CreateWalletBody): Promise<WalletRow> {
  // Paystack keeps one customer per email, so two wallets on one email would share an account.
  const [taken] = await app.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(sql`lower(${wallets.email}) = lower(${body.email})`, ne(wallets.clientId, clientId)))
    .limit(1);
  if (taken) {
    throw new AppError('This email is already used by another wallet', {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { field: 'email' },
    });
  }
  let row = await claimWalletRow(app, clientId, body);
  if (row.status === 'active') return row;

  // Still pending: the form's latest answers win, since nothing was shown to anyone yet.
  const refreshed = await app.db
    .update(wallets)
    .set({ firstname: body.firstname, lastname: body.lastname, email: body.email, consentGivenAt: new Date() })
    .where(and(eq(wallets.id, row.id), eq(wallets.status, 'pending')))
    .returning();
  if (!refreshed[0]) return claimWalletRow(app, clientId, body); // finished meanwhile: answer it
  row = refreshed[0];

  const paystack = app.paystack;
  if (!row.paystackCustomerCode) {
    const client = await findClientSummary(app.db, clientId);
    const customer = await paystack.createCustomer({
      email: row.email,
      first_name: row.firstname,
      last_name: row.lastname,
      ...(client ? { phone: `+${client.phoneInternational}` } : {}),
    });
    const withCustomer = await app.db
      .update(wallets)
      .set({ paystackCustomerCode: customer.customer_code })
      .where(eq(wallets.id, row.id))
      .returning();
    row = withCustomer[0] ?? row;
  }
  if (!row.paystackCustomerCode) throw new AppError('The wallet could not be created');

  const account = await paystack.createDedicatedAccount({ customer: row.paystackCustomerCode });
  const [active] = await app.db
    .update(wallets)
    .set({
      status: 'active',
      bankName: account.bank.name,
      accountNumber: account.account_number,
      accountName: account.account_name,
    })
    .where(and(eq(wallets.id, row.id), eq(wallets.status, 'pending')))
    .returning();
  if (active) return active;
  // A concurrent create finished first: answer the wallet it made.
  const [done] = await app.db.select().from(wallets).where(eq(wallets.id, row.id));
  if (done?.status !== 'active') {
    throw new AppError('The wallet could not be created', { type: ErrorType.Unknown });
  }
  return done;
}
