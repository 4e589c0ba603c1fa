import { queryOptions } from '@tanstack/react-query';
import type { CenterList } from '../../../../domain/schemas/center';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/centers: the gas centers whose stock can be chosen, by name. */
export const stockCentersQueryOptions = () =>
  queryOptions({
    queryKey: stockKeys.centers(),
    queryFn: async () => (await api.get<CenterList>('centers')).centers,
    staleTime: 60_000,
  });

/** The gas center of the staff member's shift (GET /api/shift/active), null off shift. */
export const shiftCenterQueryOptions = () =>
  queryOptions({
    queryKey: stockKeys.shiftCenter(),
    queryFn: async () => (await api.get<{ shift: Shift | null }>('shift/active')).shift?.centerId ?? null,
    retry: false,
  });
