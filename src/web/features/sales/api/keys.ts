import type { SalesQuery, SalesReportQuery } from '../../../../domain/schemas/sales';

/** Query keys of the sales feature, general → specific. */
export const salesKeys = {
  all: ['sales'] as const,
  totals: (range: Omit<SalesReportQuery, 'format'>) => [...salesKeys.all, 'totals', range] as const,
  byStaff: (range: Omit<SalesReportQuery, 'format'>) => [...salesKeys.all, 'staff', range] as const,
  mine: (range: SalesQuery) => [...salesKeys.all, 'mine', range] as const,
};
