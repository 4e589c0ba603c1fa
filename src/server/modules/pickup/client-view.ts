import { PickupEligibilityStatus } from '../../../domain/enums';
import { pickupEligibility } from '../../../domain/pickup-eligibility';
import type { ClientPickupOrder } from '../../../domain/schemas/pickup';
import type { DbOrTx } from '../../db/client';
import { listClientCounterOrders, type OrderRow, signOrderQrToken } from '../order';
import { iso, latestPickup, loadItems, toPickupRecord } from './order-view';

/** Orders handed over this recently still show on the Pickup screen, as picked up. */
const RECENTLY_DELIVERED_MS = 24 * 60 * 60 * 1000;

/** The owner's view of one order at pickup: the codes only while the order can be collected. */
export async function toClientPickupOrder(db: DbOrTx, secret: string, order: OrderRow): Promise<ClientPickupOrder> {
  const eligibility = pickupEligibility(order);
  const collectable = eligibility === PickupEligibilityStatus.Eligible;
  const latest = await latestPickup(db, order.id);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    type: order.type,
    status: order.status,
    deliveryOption: order.deliveryOption,
    total: order.total,
    items: await loadItems(db, order.id),
    nomineeName: order.nomineeName,
    isDelivered: order.isDelivered,
    deliveredAt: iso(order.deliveredAt),
    pickupDispute: order.pickupDispute,
    eligibility,
    pickupCode: collectable ? order.pickupCode : null,
    qrToken: collectable ? signOrderQrToken(secret, order.id) : null,
    pickup: latest ? await toPickupRecord(db, latest) : null,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * The Pickup screen: paid orders to collect at the counter (not home deliveries), newest first,
 * and those handed over in the last day.
 */
export async function listClientPickupOrders(
  db: DbOrTx,
  secret: string,
  clientId: string,
): Promise<ClientPickupOrder[]> {
  const since = new Date(Date.now() - RECENTLY_DELIVERED_MS);
  const rows = await listClientCounterOrders(db, clientId, { deliveredSince: since }, 50);
  const views: ClientPickupOrder[] = [];
  for (const row of rows) views.push(await toClientPickupOrder(db, secret, row));
  // Collectable first, then the rest, each newest first.
  return views.sort((a, b) => Number(b.eligibility === 'Eligible') - Number(a.eligibility === 'Eligible'));
}
