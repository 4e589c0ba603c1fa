import { queryOptions } from '@tanstack/react-query';
import type { UsableCard } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** GET /api/payment/usable: the card the client saved (bin, last4, expiry), or null. */
export const getUsableCard = () => api.get<UsableCard>('payment/usable');

export const usableCardQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.usable(), queryFn: getUsableCard, staleTime: 60_000 });
