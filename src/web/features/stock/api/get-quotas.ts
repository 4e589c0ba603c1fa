import { queryOptions } from '@tanstack/react-query';
import type { Quota } from '../../../../domain/schemas/quota';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** Product quotas of the order area (GET /api/quota); an empty list when that area answers nothing. */
export const quotasQueryOptions = () =>
  queryOptions({
    queryKey: stockKeys.quotas(),
    queryFn: async () => (await api.get<{ quotas: Quota[] }>('quota')).quotas,
    retry: false,
  });
