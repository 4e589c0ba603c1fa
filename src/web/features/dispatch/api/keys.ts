import type { AdminOrdersQuery } from '../../../../domain/schemas/sales';

/** Query keys of the staff's orders (dispatch), general → specific. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  orders: () => [...dispatchKeys.all, 'orders'] as const,
  /** A list of orders (`center`: the one asked for, or the shift's; null: the server's choice). */
  orderList: (filters: AdminOrdersQuery, center: string | null = null) =>
    [...dispatchKeys.orders(), 'list', filters, center ?? 'shift'] as const,
  orderDetail: (id: string) => [...dispatchKeys.orders(), 'detail', id] as const,
  // Home deliveries
  boards: () => [...dispatchKeys.all, 'board'] as const,
  /** A center's board (undefined: the shift's center; 'all': every center's). */
  board: (center?: string) => [...dispatchKeys.boards(), center ?? 'shift'] as const,
  mine: () => [...dispatchKeys.all, 'mine'] as const,
};
