import { queryOptions } from '@tanstack/react-query';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './keys';

/** Everyone's open shifts (Admin / Accountant access). */
export const openShiftsQueryOptions = () =>
  queryOptions({
    queryKey: shiftKeys.open(),
    queryFn: () => api.get<Shift[]>('shift/all_active'),
    retry: false,
  });
