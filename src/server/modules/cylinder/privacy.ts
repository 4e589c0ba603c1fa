import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientCylinders } from './tables';

/** The client's own cylinders, as exported. */
export function cylinderRecords(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(clientCylinders)
    .where(eq(clientCylinders.clientId, clientId))
    .orderBy(asc(clientCylinders.createdAt));
}

/** An erased client's cylinders go: serial numbers and labels are theirs, and no account keeps them. */
export async function deleteClientCylinders(tx: DbOrTx, clientId: string): Promise<void> {
  await tx.delete(clientCylinders).where(eq(clientCylinders.clientId, clientId));
}
