import type { DeliveryStatus } from '../../domain/enums';
import { StatusBadge, type StatusTone } from './status-badge';

/** What each DeliveryStatus means, for its colour (each screen has its own words for its reader). */
export const deliveryStatusTone: Record<DeliveryStatus, StatusTone> = {
  Pending: 'warn',
  Accepted: 'info',
  Rejected: 'warn',
  CarrierPickup: 'accent',
  InTransit: 'accent',
  Delivered: 'ok',
  OrderNotDelivered: 'bad',
  CantLocateClientLocation: 'bad',
  Other: 'bad',
  Cancelled: 'neutral',
};

/** A delivery's status as a pill, in the screen's words. */
export function DeliveryStatusBadge({ status, label }: { status: DeliveryStatus; label: string }) {
  return <StatusBadge tone={deliveryStatusTone[status]}>{label}</StatusBadge>;
}
