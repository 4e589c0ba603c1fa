import { queryOptions } from '@tanstack/react-query';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { shiftKeys } from './keys';

export const myTodayShiftsQueryOptions = () =>
  queryOptions({
    queryKey: shiftKeys.myToday(),
    queryFn: () => withOfflineCopy('today-shifts', () => api.get<Shift[]>('shift/today'), { table: 'shift' }),
    retry: false,
    networkMode: 'always',
  });
