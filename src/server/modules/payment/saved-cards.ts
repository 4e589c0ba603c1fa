import { and, eq } from 'drizzle-orm';
import type { SavedCard } from '../../../domain/schemas/payment';
import type { DbOrTx } from '../../db/client';
import { requireOwnPayment } from './queries';
import { payments, savedCards } from './tables';
import { cardDetailsOf, cardOf } from './view';

export async function usableCard(db: DbOrTx, clientId: string): Promise<SavedCard | null> {
  const [card] = await db.select().from(savedCards).where(eq(savedCards.clientId, clientId));
  return card ? cardOf(card) : null;
}

/**
 * PUT save_usable: keeps the card a successful payment offered (replacing any card kept before).
 * Saving twice is harmless; a payment with nothing to offer answers saved: false.
 */
export async function saveUsableCard(
  db: DbOrTx,
  clientId: string,
  paymentNumber: string,
): Promise<{ saved: boolean; card: SavedCard | null }> {
  const payment = await requireOwnPayment(db, clientId, paymentNumber);
  const authorization = payment.authorization;
  if (!authorization?.reusable || payment.status !== 'success' || payment.cardOffer === 'discarded') {
    return { saved: false, card: await usableCard(db, clientId) };
  }
  return db.transaction(async (tx) => {
    const values = {
      email: payment.email,
      authorizationCode: authorization.authorizationCode,
      ...cardDetailsOf(authorization),
      signature: authorization.signature ?? null,
    };
    await tx
      .insert(savedCards)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: savedCards.clientId, set: { ...values, updatedAt: new Date() } });
    await tx.update(payments).set({ cardOffer: 'saved' }).where(eq(payments.id, payment.id));
    return { saved: true, card: cardOf(authorization) };
  });
}

/** PUT discard_redish: the client declined to keep the card; the offer is withdrawn. */
export async function discardUsableCard(
  db: DbOrTx,
  clientId: string,
  paymentNumber: string,
): Promise<{ discarded: boolean }> {
  const payment = await requireOwnPayment(db, clientId, paymentNumber);
  const updated = await db
    .update(payments)
    .set({ cardOffer: 'discarded' })
    .where(and(eq(payments.id, payment.id), eq(payments.cardOffer, 'offered')))
    .returning({ id: payments.id });
  return { discarded: updated.length > 0 };
}
