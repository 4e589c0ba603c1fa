import { type GoodsLine, goodsWord } from '../../../../domain/delivery-words';
import type { DeliveryStatus, OrderStatus } from '../../../../domain/enums';
import { formatNumber } from '../../../../domain/format';
import type { Order, OrderEvent } from '../../../../domain/schemas/order';

/** Badge colour and a sentence for each order status the client sees. */
export const orderStatusInfo: Record<OrderStatus, { color: string; hint: string }> = {
  'Not Paid': { color: 'yellow', hint: 'Waiting for your payment' },
  Processing: { color: 'blue', hint: 'Your payment is being confirmed' },
  Paid: { color: 'green', hint: 'Paid: ready for pickup or delivery' },
  Failed: { color: 'red', hint: 'The payment failed' },
  Delivered: { color: 'teal', hint: 'Handed over' },
  Cancelled: { color: 'gray', hint: 'Cancelled' },
  ClientRejectPickup: { color: 'orange', hint: 'You declined the hand-over' },
  StaffRejectPickup: { color: 'orange', hint: 'The counter declined the hand-over' },
};

export const deliveryStatusLabel: Record<DeliveryStatus, string> = {
  Pending: 'Waiting for a rider',
  Accepted: 'Rider assigned',
  Rejected: 'Rider declined; reassigning',
  CarrierPickup: 'Rider collected your order',
  InTransit: 'On the way',
  Delivered: 'Delivered',
  OrderNotDelivered: 'Delivery attempt failed',
  CantLocateClientLocation: 'Rider could not find the address',
  Other: 'Delivery problem',
  Cancelled: 'Delivery cancelled',
};

/**
 * A delivery step in the client's words, naming what the rider collected from the order's items
 * ("Rider collected your stove"), as the rider's and the dispatcher's screens do.
 */
export const deliveryStepTitle = (status: DeliveryStatus, items?: readonly GoodsLine[]): string =>
  status === 'CarrierPickup' ? `Rider collected your ${goodsWord(items)}` : deliveryStatusLabel[status];

export const deliveryOptionLabel = {
  PickerUP: 'Pickup at the gas center',
  HomeDelivery: 'Home delivery',
  PickUpBySomeOne: 'Picked up by someone else',
} as const;

/** A line's quantity as the order screens show it: kilograms of gas, a count of anything else. */
export const itemQuantityText = (item: Order['items'][number]) =>
  item.productType === 'Gas'
    ? `${Number.isInteger(item.quantity) ? item.quantity : formatNumber(item.quantity, 1)} kg`
    : `× ${item.quantity}`;

/**
 * The order's steps for its timeline, each with its title: a delivery that arrives delivers the
 * order at the same moment, so one "Delivered" step, not two.
 */
export function timelineSteps(
  events: readonly OrderEvent[],
  items?: readonly GoodsLine[],
): { event: OrderEvent; title: string }[] {
  const orderDelivered = events.some((e) => e.kind === 'order' && e.status === 'Delivered');
  return events
    .filter((e) => !(orderDelivered && e.kind === 'delivery' && e.status === 'Delivered'))
    .map((event) => ({
      event,
      title:
        event.kind === 'delivery'
          ? deliveryStatusLabel[event.status as DeliveryStatus]
            ? deliveryStepTitle(event.status as DeliveryStatus, items)
            : event.status
          : event.status,
    }));
}

/** What the pickup card says above the code: where to show it, by the center's name when known. */
export const pickupCodeHint = (centerName: string | undefined): string =>
  centerName ? `Show this code at the counter of ${centerName}.` : 'Show this code at the gas center counter.';
