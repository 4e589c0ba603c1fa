/** Query keys of the stock feature (products, prices, quotas, suppliers, supplies), general → specific. */
export const stockKeys = {
  all: ['stock'] as const,
  products: () => [...stockKeys.all, 'products'] as const,
  priceHistory: (id: string) => [...stockKeys.products(), 'price-history', id] as const,
  quotas: () => [...stockKeys.all, 'quotas'] as const,
  suppliers: () => [...stockKeys.all, 'suppliers'] as const,
  supplierQuotas: () => [...stockKeys.suppliers(), 'quotas'] as const,
  supplies: () => [...stockKeys.all, 'supplies'] as const,
};
