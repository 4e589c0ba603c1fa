// What a rider (own scope in src/domain/staff-scopes.ts) reads of deliveries: only those assigned
// to them (or their own orders as a client), and a client's phone and street address only while
// the delivery is open; once it is finished the rider keeps the order number, status and area.
import { eq } from 'drizzle-orm';
import { RIDER_OPEN_STATUSES } from '../../../domain/dispatch-access';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Delivery, DispatchDelivery } from '../../../domain/schemas/delivery';
import type { DbOrTx } from '../../db/client';
import { findDeliveries } from './service';
import { deliveries } from './tables';

const notYours = () =>
  new AppError('This delivery is not assigned to you', {
    status: 403,
    type: ErrorType.Forbidden,
    additionalInfo: { reason: 'NotYourDelivery' },
  });
const notFound = () => new AppError('Delivery not found', { status: 404, type: ErrorType.NotFound });

/** The address without the street, the note and the map point: the area a finished delivery was in. */
const areaOnly = (address: Delivery['address']): Delivery['address'] => ({
  line1: '',
  city: address.city,
  state: address.state,
});

/** A delivery as its rider sees it: the client's street address withheld once it is finished. */
export function forRider<T extends Delivery>(view: T, riderClientId: string): T {
  if (view.clientId === riderClientId || RIDER_OPEN_STATUSES.includes(view.status)) return view;
  const withheld = { ...view, address: areaOnly(view.address) };
  return 'clientPhone' in withheld ? { ...withheld, clientPhone: '' } : withheld;
}

/** A rider's list (their open deliveries and today's finished ones), finished ones withheld. */
export const riderList = (list: DispatchDelivery[], riderClientId: string): DispatchDelivery[] =>
  list.map((d) => forRider(d, riderClientId));

/**
 * One delivery a rider asks for: 404 when there is none, 403 NotYourDelivery when it is neither
 * assigned to them nor their own order.
 */
export async function findRiderDelivery(
  db: DbOrTx,
  riderClientId: string,
  filter: { id?: string; orderId?: string; orderNumber?: string },
): Promise<Delivery> {
  const [found] = (await findDeliveries(db, filter, { page: 1, pageSize: 1 })).deliveries;
  if (!found) throw notFound();
  if (found.carrierClientId !== riderClientId && found.clientId !== riderClientId) throw notYours();
  return forRider(found, riderClientId);
}

/** The same check for an order's delivery, before its progress is read. */
export async function assertRiderOrder(db: DbOrTx, riderClientId: string, orderId: string): Promise<void> {
  const [row] = await db
    .select({ clientId: deliveries.clientId, carrierClientId: deliveries.carrierClientId })
    .from(deliveries)
    .where(eq(deliveries.orderId, orderId));
  if (!row) throw notFound();
  if (row.carrierClientId !== riderClientId && row.clientId !== riderClientId) throw notYours();
}
