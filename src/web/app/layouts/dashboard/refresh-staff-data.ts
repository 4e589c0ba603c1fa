import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../../../features/auth/api/get-auth';
import { dispatchKeys } from '../../../features/dispatch/api/keys';
import { pickupDeskKeys } from '../../../features/pickup-desk/api/keys';
import { salesKeys } from '../../../features/sales/api/keys';
import { sellKeys } from '../../../features/sell/api/keys';
import { shiftKeys } from '../../../features/shift/api/keys';
import { staffKeys } from '../../../features/staff/api/keys';
import { stockKeys } from '../../../features/stock/api/keys';

/**
 * A shift started or ended, or a queued sale settled (now, or when a queued action settled): the session carries workingNow
 * for the guard, and every staff screen's data may have moved. Each feature's own factory names
 * its keys; the dashboard shell only lists the features it holds.
 */
export function refreshStaffData(queryClient: QueryClient) {
  for (const queryKey of [
    authKeys.session(),
    shiftKeys.all,
    dispatchKeys.all,
    salesKeys.all,
    stockKeys.all,
    staffKeys.all,
    pickupDeskKeys.all,
    sellKeys.all,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
