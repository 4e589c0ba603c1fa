import { eq } from 'drizzle-orm';
import { DeliveryStatus, HomeDeliveryType } from '../../../domain/enums';
import type { DeliveryAddress } from '../../../domain/schemas/order';
import type { DeliveryLeg } from '../order';
import { deliveries } from './tables';

/** The delivery area's part in placing and cancelling a home-delivery order. */
export const deliveryLeg: DeliveryLeg = {
  async open(tx, order) {
    await tx.insert(deliveries).values({
      orderId: order.id,
      clientId: order.clientId,
      status: DeliveryStatus.Pending,
      type: order.homeDeliveryType ?? HomeDeliveryType.OneWay,
      address: order.deliveryAddress as DeliveryAddress,
      distanceKm: order.deliveryDistanceKm,
      fee: order.deliveryFee,
    });
  },
  async cancel(tx, orderId) {
    const cancelled = await tx
      .update(deliveries)
      .set({ status: DeliveryStatus.Cancelled })
      .where(eq(deliveries.orderId, orderId))
      .returning({ id: deliveries.id });
    return cancelled.length > 0;
  },
};
