import { queryOptions } from '@tanstack/react-query';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { shiftKeys } from './keys';

export const ACTIVE_SHIFT_CACHE_KEY = 'active-shift';

export const getActiveShift = () =>
  withOfflineCopy(ACTIVE_SHIFT_CACHE_KEY, async () => (await api.get<{ shift: Shift | null }>('shift/active')).shift, {
    table: 'shift',
  });

export const activeShiftQueryOptions = () =>
  queryOptions({ queryKey: shiftKeys.active(), queryFn: getActiveShift, retry: false, networkMode: 'always' });
