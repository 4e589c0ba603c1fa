import type { DbOrTx } from '../../db/client';
import { clientRecords } from '../../db/client-records';
import { pickups } from './tables';

/** The client's hand-overs at the counter, as exported: when, what became of them, how confirmed. */
export function pickupRecords(db: DbOrTx, clientId: string) {
  return clientRecords(db, pickups, clientId, pickups.requestedAt, {
    orderId: pickups.orderId,
    status: pickups.status,
    confirmationAction: pickups.confirmationAction,
    nomineeVerified: pickups.nomineeVerified,
    requestedAt: pickups.requestedAt,
    respondedAt: pickups.respondedAt,
    completedAt: pickups.completedAt,
    closeReason: pickups.closeReason,
    dispute: pickups.dispute,
    handoverMethod: pickups.handoverMethod,
  });
}
