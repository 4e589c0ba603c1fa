import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_DELETION_PHRASE } from '../../../domain/constants';
import { AppError, ErrorType } from '../../../domain/errors';
import { formatNaira } from '../../../domain/format';
import type { DbOrTx } from '../../db/client';
import { deleteClientCodes, revokeAllSessions } from '../auth';
import { eraseClientIdentity, findClientById, lockClient } from '../client';
import { deleteClientCylinders } from '../cylinder';
import { eraseDeliveryPersonalFields } from '../delivery';
import { eraseClientNotifications } from '../notification';
import { cancelClientOrder, eraseOrderPersonalFields, owedOrders, unpaidOrderNumbers } from '../order';
import { erasePaymentPersonalFields } from '../payment';
import { findStaffByClientId } from '../staff';
import { eraseWalletHolder, lockedWalletBalance } from '../wallet';

/** A fresh pseudonym: unique like the phone it replaces, and plainly not a phone. */
export const newPseudonym = () => `deleted-${randomBytes(8).toString('hex')}`;

const refused = (message: string, status: number, type: ErrorType, additionalInfo: Record<string, unknown>) =>
  new AppError(message, { status, type, additionalInfo });

/** The checks that refuse an erasure, in the order a person would fix them. Reads only. */
async function assertErasable(db: DbOrTx, clientId: string, walletBalance: number): Promise<void> {
  const member = await findStaffByClientId(db, clientId);
  if (member?.isCurrentStaff) {
    throw refused(
      'You work for Arrive, so this account cannot be deleted here. Ask a manager to end your staff access first.',
      403,
      ErrorType.Forbidden,
      { reason: 'CurrentStaff' },
    );
  }
  const owed = await owedOrders(db, clientId);
  if (owed.length > 0) {
    const numbers = owed.map((o) => o.orderNumber);
    throw refused(
      `You have paid for ${owed.length === 1 ? 'an order' : `${owed.length} orders`} not yet collected or delivered (${numbers.join(', ')}). Collect ${owed.length === 1 ? 'it' : 'them'}, or ask the gas center for a refund, before deleting your account.`,
      409,
      ErrorType.Conflict,
      { reason: 'OrdersOwed', orders: numbers },
    );
  }
  if (walletBalance > 0) {
    throw refused(
      `Your wallet still holds ${formatNaira(walletBalance)}. Spend it or ask the gas center for a refund before deleting your account.`,
      409,
      ErrorType.Conflict,
      { reason: 'WalletBalance', balance: walletBalance },
    );
  }
}

export type ErasedAccount = { deletedAt: Date; revokedSessionIds: string[] };

/**
 * Erases a client who asked for it, keeping what the accounts need under a pseudonym. Refused
 * (and nothing changed) without the typed confirmation, for current staff, while an order is paid
 * but not handed over, and while the wallet holds money. Unpaid orders are cancelled first (their
 * stock goes back); then, in one transaction under the client's lock, everything is checked again
 * and every area erases its part.
 */
export async function eraseClientAccount(
  app: Pick<FastifyInstance, 'db' | 'orderLegs'>,
  clientId: string,
  confirmation: string,
): Promise<ErasedAccount> {
  if (confirmation.trim().toUpperCase() !== ACCOUNT_DELETION_PHRASE) {
    throw refused(
      `Type ${ACCOUNT_DELETION_PHRASE} to confirm that you want your account deleted.`,
      400,
      ErrorType.InvalidInput,
      {
        reason: 'ConfirmationMissing',
        field: 'confirmation',
      },
    );
  }
  const client = await findClientById(app.db, clientId);
  if (!client || client.deletedAt) {
    throw refused('This account was already deleted.', 404, ErrorType.NoUserFound, { reason: 'AlreadyDeleted' });
  }
  await assertErasable(app.db, clientId, await lockedWalletBalance(app.db, clientId));

  for (const { orderNumber } of await unpaidOrderNumbers(app.db, clientId)) {
    try {
      await cancelClientOrder(app.db, app.orderLegs, clientId, orderNumber);
    } catch (err) {
      // Paid meanwhile: the check below, under the lock, refuses the erasure for it.
      if (!(err instanceof AppError)) throw err;
    }
  }

  const pseudonym = newPseudonym();
  const email = `${pseudonym}@deleted.invalid`;
  const deletedAt = new Date();
  const revokedSessionIds = await app.db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    await assertErasable(tx, clientId, await lockedWalletBalance(tx, clientId));
    if (!(await eraseClientIdentity(tx, clientId, pseudonym, deletedAt))) {
      throw refused('This account was already deleted.', 404, ErrorType.NoUserFound, { reason: 'AlreadyDeleted' });
    }
    const revoked = await revokeAllSessions(tx, clientId);
    await deleteClientCodes(tx, clientId);
    await eraseClientNotifications(tx, clientId);
    await deleteClientCylinders(tx, clientId);
    await erasePaymentPersonalFields(tx, clientId, email);
    await eraseWalletHolder(tx, clientId, pseudonym, email);
    await eraseOrderPersonalFields(tx, clientId);
    await eraseDeliveryPersonalFields(tx, clientId, pseudonym);
    return revoked;
  });
  return { deletedAt, revokedSessionIds };
}
