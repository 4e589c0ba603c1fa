import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NewOrderInput, OrderQuote } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** POST /api/order/quote: the server's prices and delivery fee for the cart, nothing stored. */
export const quoteOrder = (input: NewOrderInput) => api.post<OrderQuote>('order/quote', input);

export const orderQuoteQueryOptions = (input: NewOrderInput | null) =>
  queryOptions({
    queryKey: orderKeys.quote(input),
    queryFn: () => (input ? quoteOrder(input) : Promise.reject(new Error('nothing to quote'))),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
