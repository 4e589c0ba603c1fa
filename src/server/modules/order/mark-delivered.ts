import { eq } from 'drizzle-orm';
import { OrderStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { recordOrderEvent } from './events';
import { orders } from './tables';

/**
 * The order reached the client (its delivery was handed over): it becomes Delivered, and the step
 * goes on its timeline. Called inside the delivery's transaction, the order row already locked.
 */
export async function markOrderDelivered(
  tx: DbOrTx,
  orderId: string,
  options: { actorClientId: string; at: Date },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: OrderStatus.Delivered, isDelivered: true, deliveredAt: options.at })
    .where(eq(orders.id, orderId));
  await recordOrderEvent(tx, orderId, OrderStatus.Delivered, {
    note: 'Delivered to the client',
    actorClientId: options.actorClientId,
    at: options.at,
  });
}
