import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientRecords } from '../../db/client-records';
import { authSessions, otpCodes } from './tables';

/** The client's sign-ins as exported: when, from what, until when; never the token hashes. */
export function sessionRecords(db: DbOrTx, clientId: string) {
  return clientRecords(db, authSessions, clientId, authSessions.createdAt, {
    id: authSessions.id,
    platform: authSessions.platform,
    userAgent: authSessions.userAgent,
    createdAt: authSessions.createdAt,
    expiresAt: authSessions.expiresAt,
    revokedAt: authSessions.revokedAt,
  });
}

/** Every code of an erased client goes at once: none of them can be used, and each names them. */
export async function deleteClientCodes(tx: DbOrTx, clientId: string): Promise<void> {
  await tx.delete(otpCodes).where(eq(otpCodes.clientId, clientId));
}

/**
 * Deletes the one-time codes (sign-in, hand-over, wallet sale) that stopped working before
 * `before`. Every code has stopped working by its expiry at the latest (used and burnt ones
 * earlier), so its expiry is the one date to look at. Answers how many went.
 */
export async function deleteSpentCodes(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(otpCodes).where(lt(otpCodes.expiresAt, before)).returning({ id: otpCodes.id });
  return gone.length;
}
