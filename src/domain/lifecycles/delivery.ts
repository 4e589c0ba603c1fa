// The home-delivery lifecycle (DeliveryStatus), as the server moves it today. See README.md.
import { DeliveryStatus } from '../enums';
import { defineLifecycle, type Transition } from './lifecycle';

const {
  Pending,
  Accepted,
  Rejected,
  CarrierPickup,
  InTransit,
  Delivered,
  OrderNotDelivered,
  CantLocateClientLocation,
  Other,
  Cancelled,
} = DeliveryStatus;

/** A failed attempt: the carrier can go back on the road, or the delivery is called off. */
const failedAttempts = [OrderNotDelivered, CantLocateClientLocation, Other] as const;

/**
 * Pending until a carrier is assigned (Accepted) or refuses (Rejected, then reassigned);
 * CarrierPickup when the carrier collects the order at the gas center (the client's empty cylinder
 * first, for DoubleWay); InTransit; then Delivered, or a failed attempt. Delivered and Cancelled
 * are final. Staff on a shift make every move; the carrier (the assigned rider, on their phone) makes
 * the road moves of their own delivery: CarrierPickup, InTransit, Delivered and a failed attempt. The client's
 * cancel of a Not Paid order also cancels its delivery, which is then at most Accepted or Rejected.
 * CarrierPickup, InTransit and Delivered further need the order Paid (delivery/service.ts).
 */
export const deliveryLifecycle = defineLifecycle<DeliveryStatus>({
  name: 'delivery',
  // Listed here, not taken from the enum, so a new DeliveryStatus fails the tests until it is placed.
  states: [
    Pending,
    Accepted,
    Rejected,
    CarrierPickup,
    InTransit,
    Delivered,
    OrderNotDelivered,
    CantLocateClientLocation,
    Other,
    Cancelled,
  ],
  // With a HomeDelivery order (order/service.ts), or opened later by staff (delivery/routes.ts).
  initial: [Pending],
  transitions: [
    { from: Pending, to: Accepted, by: ['staff'], note: 'a carrier is assigned' },
    { from: Pending, to: Rejected, by: ['staff'] },
    { from: Pending, to: Cancelled, by: ['staff', 'client'] },
    { from: Accepted, to: CarrierPickup, by: ['staff', 'carrier'] },
    { from: Accepted, to: Rejected, by: ['staff'] },
    { from: Accepted, to: Cancelled, by: ['staff', 'client'] },
    { from: Rejected, to: Pending, by: ['staff'] },
    { from: Rejected, to: Accepted, by: ['staff'], note: 'another carrier is assigned' },
    { from: Rejected, to: Cancelled, by: ['staff', 'client'] },
    { from: CarrierPickup, to: InTransit, by: ['staff', 'carrier'] },
    { from: CarrierPickup, to: Cancelled, by: ['staff'] },
    { from: InTransit, to: Delivered, by: ['staff', 'carrier'], note: 'also moves the order to Delivered' },
    ...failedAttempts.map((s): Transition<DeliveryStatus> => ({ from: InTransit, to: s, by: ['staff', 'carrier'] })),
    ...failedAttempts.flatMap((s): Transition<DeliveryStatus>[] => [
      { from: s, to: InTransit, by: ['staff', 'carrier'] },
      { from: s, to: Cancelled, by: ['staff'] },
    ]),
  ],
});
