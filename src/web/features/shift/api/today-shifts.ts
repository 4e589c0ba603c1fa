// Today's shifts without the app's query code: the app's query (get-my-today-shifts.ts) and the
// shift screen's first view (app/first-views) read and save them the same way.
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';

/** Where the tablet keeps the member's shifts of the day (the staff table: cleared on logout). */
export const TODAY_SHIFTS_CACHE_KEY = 'today-shifts';

/** GET /api/shift/today: the member's shifts started today; the copy on the tablet offline. */
export const getTodayShifts = () =>
  withOfflineCopy(TODAY_SHIFTS_CACHE_KEY, () => api.get<Shift[]>('shift/today'), { table: 'shift' });
