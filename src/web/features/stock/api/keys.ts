/** Query keys of the stock feature (products, prices, quotas, suppliers, supplies), general → specific. */
export const stockKeys = {
  all: ['stock'] as const,
  products: () => [...stockKeys.all, 'products'] as const,
  priceHistory: (id: string) => [...stockKeys.products(), 'price-history', id] as const,
  centerPrices: () => [...stockKeys.products(), 'center-prices'] as const,
  quotas: (centerId?: string) =>
    centerId ? ([...stockKeys.all, 'quotas', centerId] as const) : ([...stockKeys.all, 'quotas'] as const),
  centers: () => [...stockKeys.all, 'centers'] as const,
  shiftCenter: () => [...stockKeys.all, 'shift-center'] as const,
  transfers: (centerId?: string) =>
    centerId ? ([...stockKeys.all, 'transfers', centerId] as const) : ([...stockKeys.all, 'transfers'] as const),
  stockReport: (query: object) => [...stockKeys.all, 'stock-report', query] as const,
  transferReport: (query: object) => [...stockKeys.transfers(), 'report', query] as const,
  suppliers: () => [...stockKeys.all, 'suppliers'] as const,
  supplierQuotas: () => [...stockKeys.suppliers(), 'quotas'] as const,
  supplies: () => [...stockKeys.all, 'supplies'] as const,
};
