import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys } from '../../../features/auth/api/get-auth';
import { dashboardKeys } from '../../../features/dashboard/api/keys';
import { ShiftPanel } from '../../../features/dashboard/components/shift-panel';

export function Component() {
  const queryClient = useQueryClient();
  // The session carries workingNow for the guard; the dashboard's shift queries the drawer.
  const onChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  }, [queryClient]);
  return <ShiftPanel onChanged={onChanged} />;
}
