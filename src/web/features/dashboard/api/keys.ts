import type { AdminOrdersQuery, SalesQuery } from '../../../../domain/schemas/sales';

/** Every dashboard query key, general → specific; mutations invalidate through these. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  shifts: () => [...dashboardKeys.all, 'shifts'] as const,
  activeShift: () => [...dashboardKeys.shifts(), 'active'] as const,
  myTodayShifts: () => [...dashboardKeys.shifts(), 'today'] as const,
  openShifts: () => [...dashboardKeys.shifts(), 'all-active'] as const,
  orders: () => [...dashboardKeys.all, 'orders'] as const,
  orderList: (filters: AdminOrdersQuery) => [...dashboardKeys.orders(), 'list', filters] as const,
  orderDetail: (id: string) => [...dashboardKeys.orders(), 'detail', id] as const,
  sales: () => [...dashboardKeys.all, 'sales'] as const,
  salesTotals: (range: SalesQuery) => [...dashboardKeys.sales(), 'totals', range] as const,
  salesByStaff: (range: SalesQuery) => [...dashboardKeys.sales(), 'staff', range] as const,
  mySales: (range: SalesQuery) => [...dashboardKeys.sales(), 'mine', range] as const,
  products: () => [...dashboardKeys.all, 'products'] as const,
  priceHistory: (id: string) => [...dashboardKeys.products(), 'price-history', id] as const,
  quotas: () => [...dashboardKeys.all, 'quotas'] as const,
  suppliers: () => [...dashboardKeys.all, 'suppliers'] as const,
  supplierQuotas: () => [...dashboardKeys.suppliers(), 'quotas'] as const,
  supplies: () => [...dashboardKeys.all, 'supplies'] as const,
  staff: () => [...dashboardKeys.all, 'staff'] as const,
};
