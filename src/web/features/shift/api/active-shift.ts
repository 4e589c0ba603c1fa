// The shift's read without the app's query code: the app's query (get-active-shift.ts) and the
// counter's first view (app/first-views) read and save it the same way.
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { rememberOnShift } from '../../../lib/early-reads';
import { withOfflineCopy } from '../../../lib/offline-copy';

/** Where the tablet keeps the member's shift (the staff table: cleared on logout). */
export const ACTIVE_SHIFT_CACHE_KEY = 'active-shift';

/** GET /api/shift/active: the member's working shift, or null; the copy on the tablet offline. */
export const getActiveShift = () =>
  withOfflineCopy(
    ACTIVE_SHIFT_CACHE_KEY,
    async () => {
      const { shift } = await api.get<{ shift: Shift | null }>('shift/active');
      // The staff's home reads what it shows only on a shift: its next opening starts the right reads.
      rememberOnShift(shift !== null);
      return shift;
    },
    { table: 'shift' },
  );
