import type { SalesQuery } from '../../../../domain/schemas/sales';

/** Query keys of the sales feature, general → specific. */
export const salesKeys = {
  all: ['sales'] as const,
  totals: (range: SalesQuery) => [...salesKeys.all, 'totals', range] as const,
  byStaff: (range: SalesQuery) => [...salesKeys.all, 'staff', range] as const,
  mine: (range: SalesQuery) => [...salesKeys.all, 'mine', range] as const,
};
