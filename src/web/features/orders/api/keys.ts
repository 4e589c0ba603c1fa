import type { NewOrderInput } from '../../../../domain/schemas/order';

/** Query keys of the orders feature, general → specific. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: { status?: string; pageSize: number }) => [...orderKeys.lists(), 'first', filters] as const,
  pages: (filters: { status?: string; pageSize: number }) => [...orderKeys.lists(), 'pages', filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderNumber: string) => [...orderKeys.details(), orderNumber] as const,
  qr: (orderNumber: string) => [...orderKeys.all, 'qr', orderNumber] as const,
  quotes: () => [...orderKeys.all, 'quote'] as const,
  quote: (input: NewOrderInput | null) => [...orderKeys.quotes(), input] as const,
};

export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: () => [...catalogueKeys.all, 'products'] as const,
  /** One gas center's catalogue (its stock), for the checkout's choice of center. */
  atCenter: (centerId: string) => [...catalogueKeys.all, 'center', centerId] as const,
  saved: () => [...catalogueKeys.all, 'saved'] as const,
  areas: () => [...catalogueKeys.all, 'areas'] as const,
  previousAddresses: () => [...catalogueKeys.all, 'previous-addresses'] as const,
};
