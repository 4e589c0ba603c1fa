import { queryOptions } from '@tanstack/react-query';
import { shiftKeys } from './keys';
import { getTodayShifts } from './today-shifts';

export const myTodayShiftsQueryOptions = () =>
  queryOptions({
    queryKey: shiftKeys.myToday(),
    queryFn: getTodayShifts,
    retry: false,
    networkMode: 'always',
  });
