import type { OrderStatus } from '../../../../domain/enums';
import type { StatusTone } from '../../../components/status-tones';

/** What each order status means on the staff screens; StatusBadge turns it into readable colours. */
export const orderStatusTone: Record<OrderStatus, StatusTone> = {
  'Not Paid': 'neutral',
  Processing: 'info',
  Paid: 'accent',
  Failed: 'bad',
  Delivered: 'ok',
  Cancelled: 'neutral',
  ClientRejectPickup: 'warn',
  StaffRejectPickup: 'warn',
};
