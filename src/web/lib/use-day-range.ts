import { useState } from 'react';
import { lagosDateKey } from '../../domain/format';

/** A range of Lagos days as the date picker gives it: either end may still be empty. */
export type DayRange = [string | null, string | null];

/**
 * A range of Lagos days that starts on today. While a person has picked only the first day, the
 * range is that one day, so the screen never asks the server for half a range.
 */
export function useDayRange() {
  const today = lagosDateKey(new Date());
  const [range, setRange] = useState<DayRange>([today, today]);
  return { range, setRange, fromDate: range[0] ?? today, toDate: range[1] ?? range[0] ?? today };
}
