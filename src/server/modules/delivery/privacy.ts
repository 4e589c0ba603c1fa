import { and, desc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { DeliveryStatus } from '../../../domain/enums';
import { ERASED_ADDRESS } from '../../../domain/schemas/privacy';
import type { DbOrTx } from '../../db/client';
import { clientRecords } from '../../db/client-records';
import { riderFirstName } from './service';
import { deliveries, deliverySteps, homeVisits } from './tables';

/** A delivery has ended in these: no rider goes anywhere for it any more. */
const ENDED = [DeliveryStatus.Delivered, DeliveryStatus.Cancelled];

/**
 * The client's deliveries as exported: address, status, fee, the rider's first name as the client
 * was shown it. The rider's positions and phone are the rider's, never shown to a client.
 */
export async function deliveryRecords(db: DbOrTx, clientId: string) {
  const rows = await clientRecords(db, deliveries, clientId, deliveries.createdAt, {
    orderId: deliveries.orderId,
    status: deliveries.status,
    type: deliveries.type,
    address: deliveries.address,
    distanceKm: deliveries.distanceKm,
    fee: deliveries.fee,
    carrierName: deliveries.carrierName,
    vehicle: deliveries.vehicle,
    assignedAt: deliveries.assignedAt,
    deliveredAt: deliveries.deliveredAt,
    createdAt: deliveries.createdAt,
  });
  // The rider is stored by full name for staff; a client was only ever shown the first.
  return rows.map((row) => ({ ...row, carrierName: riderFirstName(row.carrierName) }));
}

/** The client's requests for a home visit, as exported. */
export function homeVisitRecords(db: DbOrTx, clientId: string) {
  return db.select().from(homeVisits).where(eq(homeVisits.clientId, clientId)).orderBy(desc(homeVisits.createdAt));
}

/**
 * Erases where the client lives from their deliveries and visit requests: the address, the
 * contact phone, the notes, and every rider position on the way to them (a position near the
 * door is the address again). Statuses, fees and dates stay for the accounts.
 */
export async function eraseDeliveryPersonalFields(tx: DbOrTx, clientId: string, pseudonym: string): Promise<void> {
  const theirs = tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.clientId, clientId));
  await tx
    .update(deliverySteps)
    .set({ lat: null, lng: null, accuracyM: null })
    .where(
      and(inArray(deliverySteps.deliveryId, theirs), or(isNotNull(deliverySteps.lat), isNotNull(deliverySteps.lng))),
    );
  await tx
    .update(deliveries)
    .set({ address: { ...ERASED_ADDRESS }, note: null, lastLat: null, lastLng: null, lastLocatedAt: null })
    .where(eq(deliveries.clientId, clientId));
  await tx
    .update(homeVisits)
    .set({ address: { ...ERASED_ADDRESS }, contactPhone: pseudonym, note: null })
    .where(eq(homeVisits.clientId, clientId));
}

/**
 * Clears the rider positions of deliveries that ended before `before`: the steps keep their
 * status and time, the latitude and longitude go. Answers how many steps lost a position.
 */
export async function clearEndedRiderPositions(db: DbOrTx, before: Date): Promise<number> {
  const ended = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(inArray(deliveries.status, ENDED), lt(deliveries.statusChangedAt, before)));
  const cleared = await db
    .update(deliverySteps)
    .set({ lat: null, lng: null, accuracyM: null })
    .where(
      and(or(isNotNull(deliverySteps.lat), isNotNull(deliverySteps.lng)), inArray(deliverySteps.deliveryId, ended)),
    )
    .returning({ id: deliverySteps.id });
  await db
    .update(deliveries)
    .set({ lastLat: null, lastLng: null, lastLocatedAt: null })
    .where(
      and(
        inArray(deliveries.status, ENDED),
        lt(deliveries.statusChangedAt, before),
        or(isNotNull(deliveries.lastLat), isNotNull(deliveries.lastLng)),
      ),
    );
  return cleared.length;
}
