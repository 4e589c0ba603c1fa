import { queryOptions } from '@tanstack/react-query';
import type { PriceHistoryEntry } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/product/price_history/{id}: a product's earlier prices. */
export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: stockKeys.priceHistory(id),
    queryFn: () => api.get<PriceHistoryEntry[]>(`product/price_history/${id}`),
    retry: false,
  });
