// What the order history says, decided once for the app's history (components/) and its first
// view (light/): the status filter's choices, each order's line, the empty list's sentence.
import { type OrderStatus, orderStatusValues } from '../../../../domain/enums';
import { formatDate } from '../../../../domain/format';
import type { OrderSummary } from '../../../../domain/schemas/order';
import { deliveryOptionLabel } from './order-status';

/** The filter's first choice: every order, whatever its status. */
export const ALL_ORDERS = { value: 'all', label: 'All orders' } as const;

/** The status filter's choices: all orders, then each status. */
export const historyStatusOptions: { value: string; label: string }[] = [
  ALL_ORDERS,
  ...orderStatusValues.map((status) => ({ value: status, label: status })),
];

/** The status the list is filtered by (undefined: all orders). */
export const historyStatusFilter = (value: string | null): OrderStatus | undefined =>
  value && value !== ALL_ORDERS.value ? (value as OrderStatus) : undefined;

/** The sentence of an empty list, before its "Order gas" link. */
export const historyEmptyText = (status: string | undefined) =>
  status ? `No ${status} orders.` : 'You have no orders yet.';

/** How the order is had, and from which gas center: "Pickup at Arrive Lekki", "Home delivery from Arrive Lekki". */
export function orderWayAndCenter(order: Pick<OrderSummary, 'deliveryOption' | 'centerName'>): string {
  const center = order.centerName;
  if (!center) return deliveryOptionLabel[order.deliveryOption];
  switch (order.deliveryOption) {
    case 'PickerUP':
      return `Pickup at ${center}`;
    case 'HomeDelivery':
      return `Home delivery from ${center}`;
    case 'PickUpBySomeOne':
      return `Picked up by someone else at ${center}`;
  }
}

/**
 * An order's line under its number: "05/03/2026 · Pickup at Arrive Lekki · 1 item" (a list saved
 * on the device before lines named the center: "Pickup at the gas center").
 */
export const orderSummaryLine = (order: OrderSummary) =>
  `${formatDate(order.createdAt)} · ${orderWayAndCenter(order)} · ${order.itemCount} ${
    order.itemCount === 1 ? 'item' : 'items'
  }`;
