import { queryOptions } from '@tanstack/react-query';
import { getUsableCard } from './client-payments';
import { paymentKeys } from './keys';

export const usableCardQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.usable(), queryFn: getUsableCard, staleTime: 60_000 });
