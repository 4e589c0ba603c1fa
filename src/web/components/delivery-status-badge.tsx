import type { DeliveryStatus } from '../../domain/enums';
import { StatusBadge } from './status-badge';
import { deliveryStatusTone } from './status-tones';

/** A delivery's status as a pill, in the screen's words. */
export function DeliveryStatusBadge({ status, label }: { status: DeliveryStatus; label: string }) {
  return <StatusBadge tone={deliveryStatusTone[status]}>{label}</StatusBadge>;
}
