import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients } from './tables';

/** The client's own row as exported (every column: all of it is theirs). */
export async function clientProfileRecord(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

/**
 * Erases the person behind a client row and keeps the row, which orders, payments and the wallet
 * name: the phone becomes the pseudonym (the number is free again, so signing up with it makes a
 * new account), names and email go. Answers false when the row was already erased.
 */
export async function eraseClientIdentity(tx: DbOrTx, clientId: string, pseudonym: string, at: Date): Promise<boolean> {
  const erased = await tx
    .update(clients)
    .set({
      phoneLocal: pseudonym,
      phoneInternational: pseudonym,
      firstname: null,
      lastname: null,
      email: null,
      isVerified: false,
      deletedAt: at,
    })
    .where(and(eq(clients.id, clientId), isNull(clients.deletedAt)))
    .returning({ id: clients.id });
  return erased.length > 0;
}
