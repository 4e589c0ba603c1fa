import type { SalesTotals, StaffSales } from '../../../../domain/schemas/sales';

/** What the per-staff rows leave out of the period's total, so the table adds up to it. */
export type Unattributed = { orders: number; Cash: number; total: number };

/**
 * The period's paid orders no staff member took the money for or handed over (paid in the app,
 * not collected yet): the total less the staff's rows, each order counted once by the server.
 * Null when there are none.
 */
export function unattributedSales(
  totals: Pick<SalesTotals, 'orders' | 'total' | 'byPaymentType'>,
  staff: Pick<StaffSales, 'orders' | 'Cash' | 'total'>[],
): Unattributed | null {
  const sum = (pick: (s: Pick<StaffSales, 'orders' | 'Cash' | 'total'>) => number) =>
    staff.reduce((n, s) => n + pick(s), 0);
  const rest = {
    orders: totals.orders - sum((s) => s.orders),
    Cash: totals.byPaymentType.Cash - sum((s) => s.Cash),
    total: totals.total - sum((s) => s.total),
  };
  return rest.orders > 0 ? rest : null;
}
