import { AppError, ErrorType } from '../../domain/errors';
import { lagosDateKey } from '../../domain/format';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer ranges are a report, not a screen; they would also scan the whole orders table. */
const MAX_RANGE_DAYS = 366;

export type LagosRange = { fromDate: string; toDate: string; from: Date; to: Date };

/** The start of a Lagos calendar day (Lagos is UTC+1 all year). */
export const lagosDayStart = (dateKey: string) => new Date(`${dateKey}T00:00:00+01:00`);

/**
 * fromDate..toDate as Lagos calendar days, both defaulting to today, as the half-open instant
 * range [from, to). A reversed or overlong range is a 400, not an empty answer.
 */
export function lagosRange(query: { fromDate?: string; toDate?: string }, now = new Date()): LagosRange {
  const today = lagosDateKey(now);
  const fromDate = query.fromDate ?? query.toDate ?? today;
  const toDate = query.toDate ?? (query.fromDate && query.fromDate > today ? query.fromDate : today);
  if (fromDate > toDate) {
    throw new AppError('fromDate must not be after toDate', { status: 400, type: ErrorType.InvalidInput });
  }
  const from = lagosDayStart(fromDate);
  const to = new Date(lagosDayStart(toDate).getTime() + DAY_MS);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw new AppError(`A range may span at most ${MAX_RANGE_DAYS} days`, {
      status: 400,
      type: ErrorType.InvalidInput,
    });
  }
  return { fromDate, toDate, from, to };
}

/** Every Lagos day key of a range, in order. */
export function daysOf(range: LagosRange): string[] {
  const days: string[] = [];
  for (let t = range.from.getTime(); t < range.to.getTime(); t += DAY_MS) days.push(lagosDateKey(new Date(t)));
  return days;
}
