import { queryOptions } from '@tanstack/react-query';
import { getActiveShift } from './active-shift';
import { shiftKeys } from './keys';

export const activeShiftQueryOptions = () =>
  queryOptions({ queryKey: shiftKeys.active(), queryFn: getActiveShift, retry: false, networkMode: 'always' });
