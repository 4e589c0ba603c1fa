import type { OrderStatus } from '../../../../domain/enums';

export const orderStatusColor: Record<OrderStatus, string> = {
  'Not Paid': 'gray.9',
  Processing: 'blue.9',
  Paid: 'teal.9',
  Failed: 'red.9',
  Delivered: 'green.9',
  Cancelled: 'dark',
  ClientRejectPickup: 'orange.9',
  StaffRejectPickup: 'orange.9',
};
