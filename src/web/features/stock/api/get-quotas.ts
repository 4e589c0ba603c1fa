import { queryOptions } from '@tanstack/react-query';
import type { Quota } from '../../../../domain/schemas/quota';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/**
 * A gas center's product quotas (GET /api/quota?center=…); without a center, the center of the
 * staff member's shift. An empty list when that area answers nothing.
 */
export const quotasQueryOptions = (centerId?: string) =>
  queryOptions({
    queryKey: stockKeys.quotas(centerId),
    queryFn: async () =>
      (await api.get<{ quotas: Quota[] }>(centerId ? `quota?center=${encodeURIComponent(centerId)}` : 'quota')).quotas,
    retry: false,
  });
