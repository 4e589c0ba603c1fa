import { queryOptions } from '@tanstack/react-query';
import type { CenterPrice, CenterPriceBody } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/product/center_prices: each gas center's own prices (a product not listed: the company price there). */
export const centerPricesQueryOptions = () =>
  queryOptions({
    queryKey: stockKeys.centerPrices(),
    queryFn: async () => (await api.get<{ prices: CenterPrice[] }>('product/center_prices')).prices,
    retry: false,
  });

/** PUT /api/product/center_price/{id}: a center's own price of a product, or null for the company price again. */
export const setCenterPrice = (productId: string, body: CenterPriceBody, idempotencyKey: string) =>
  api.put<{ centerId: string; productId: string; price: number | null }>(`product/center_price/${productId}`, body, {
    idempotencyKey,
  });
