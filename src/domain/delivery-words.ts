import type { DeliveryStatus } from './enums';

/** Each DeliveryStatus in the words of the gas center's staff and riders. */
export const staffDeliveryLabel: Record<DeliveryStatus, string> = {
  Pending: 'Waiting for a rider',
  Accepted: 'Rider assigned',
  Rejected: 'Rider declined',
  CarrierPickup: 'Collected the cylinder',
  InTransit: 'In transit',
  Delivered: 'Delivered',
  OrderNotDelivered: 'Not delivered',
  CantLocateClientLocation: "Can't locate the client",
  Other: 'Other problem',
  Cancelled: 'Cancelled',
};
