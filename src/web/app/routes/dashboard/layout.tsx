import { Anchor, AppShell, Badge, Box, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { NAVBAR_HEIGHT, SIDEBAR_WIDTH } from '../../../../domain/constants';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { OfflineBanner } from '../../../components/offline-banner';
import { StatusBadge } from '../../../components/status-badge';
import { authQueryOptions } from '../../../features/auth/api/get-auth';
import { lastKnownAuth } from '../../../features/auth/api/last-auth';
import { readLastOrder } from '../../../features/dispatch/lib/last-order';
import { useSaleSync } from '../../../features/sell/lib/use-pending-sales';
import { shiftKeys } from '../../../features/shift/api/keys';
import { effectiveShift } from '../../../features/shift/lib/shift-sync';
import { usePendingShiftActions } from '../../../features/shift/lib/use-pending-shift-actions';
import { useShiftSync } from '../../../features/shift/lib/use-shift-sync';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { isFirstReadUnderWay } from '../../../lib/query-client';
import { useOnline } from '../../../lib/use-online';
import { decideDashboardAccess } from '../../layouts/dashboard/dashboard-guard';
import { canOpen, menuAudience, menuEntryForPath } from '../../layouts/dashboard/menu-access';
import { NotAvailableForRole } from '../../layouts/dashboard/not-available';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { SideMenu } from '../../layouts/dashboard/side-menu';
import { readStaffAuthSnapshot, rememberStaffAuth } from '../../layouts/dashboard/staff-auth-snapshot';
import { isStaffStateRefusal, STAFF_SESSION_REFRESH_MS } from '../../layouts/dashboard/staff-state';
import { useSessionRecheckAfter } from '../../session-follows-refusals';
import { shellFor } from '../../shells/app-shells';
import { DashboardSkeleton } from '../../shells/screen-skeleton';

const subscribeLastOrder = (cb: () => void) => {
  window.addEventListener('arrive:last-order', cb);
  return () => window.removeEventListener('arrive:last-order', cb);
};

/**
 * The session for the guard: the cookie check, or — when it could not reach the server — the
 * last staff session seen on this device, so the counter keeps working through an outage.
 */
function useDashboardAuth(): { authChecked: boolean; auth: AuthObject | null; fromSnapshot: boolean } {
  // The session carries the shift and the role: another tablet may end the shift, a manager may
  // change the role. Read again every minute and when the tablet is looked at again, and at once
  // when a call is refused because the shift or the employment ended.
  const query = useQuery({
    ...authQueryOptions(),
    refetchInterval: STAFF_SESSION_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
  useSessionFollowsRefusals();
  // Offline the check either fails with a network error or is paused by TanStack until online.
  const offline =
    (query.error instanceof ApiError && query.error.isNetworkError) ||
    (query.isPending && query.fetchStatus === 'paused');
  const [snapshot, setSnapshot] = useState<{ loaded: boolean; auth: AuthObject | null }>({ loaded: false, auth: null });
  useEffect(() => {
    if (query.data?.client.staff) void rememberStaffAuth(query.data);
  }, [query.data]);
  useEffect(() => {
    if (!offline) return;
    void readStaffAuthSnapshot().then((auth) => setSnapshot({ loaded: true, auth }));
  }, [offline]);
  if (offline) return { authChecked: snapshot.loaded, auth: snapshot.auth, fromSnapshot: true };
  // While the check is on its way, a device last signed in as staff opens the page at once and
  // reads its data meanwhile (a round trip sooner on a slow network); the server's answer then
  // decides again, as it does for every call the page makes.
  if (isFirstReadUnderWay(query)) {
    const last = lastKnownAuth();
    if (last?.client.staff?.isCurrentStaff) return { authChecked: true, auth: last, fromSnapshot: false };
  }
  return { authChecked: !query.isPending, auth: query.data ?? null, fromSnapshot: false };
}

/** The shift, which a refusal for want of one says has ended: the shift screen must not show it. */
const SHIFT_READS = [shiftKeys.all];

/**
 * A call refused because the member's shift ended or their employment did, elsewhere
 * (NoActiveShift, NotCurrentStaff): the session is read again, so the header and the guard follow.
 */
function useSessionFollowsRefusals() {
  useSessionRecheckAfter(isStaffStateRefusal, SHIFT_READS);
}

/** The dashboard's guard (dashboard-guard.ts, in its order) and its side menu. */
export function Component() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { authChecked, auth, fromSnapshot } = useDashboardAuth();
  const online = useOnline();
  const { actions, loaded } = usePendingShiftActions();
  const lastOrderId = useSyncExternalStore(subscribeLastOrder, readLastOrder, () => null);

  const onSettled = useCallback(() => {
    refreshStaffData(queryClient);
  }, [queryClient]);
  useShiftSync(onSettled);
  // Sales queued on this tablet settle on every staff screen, not only the sale screen: the shift
  // screen refuses to end while one waits, and its drawer counts it once it is recorded.
  useSaleSync(onSettled);

  const shift = effectiveShift(Boolean(auth?.client.staff?.shift?.workingNow), actions);
  const decision = decideDashboardAccess({
    authChecked: authChecked && loaded,
    auth,
    pathname,
    workingNow: shift.working,
  });

  // The page's frame and title, as its prerendered HTML showed them, until the guard can decide.
  if (decision.kind === 'wait') return <DashboardSkeleton title={shellFor(pathname)?.title ?? 'Dashboard'} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={{ from: pathname }} />;
  // A page the member's role cannot open, reached by its address: said plainly, not a failing page.
  const access = auth?.client.staff?.access ?? [];
  const restricted = menuEntryForPath(pathname);
  const allowed = !restricted || canOpen(access, restricted, auth?.client.staff?.role);

  return (
    <AppShell
      header={{ height: NAVBAR_HEIGHT }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* Narrower padding on phones: the 44 px menu button and the badges all fit at 360 px. */}
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle the dashboard menu" />
            <Anchor component={Link} to={paths.home.getHref()} fw={700} size="lg" aria-label="Arrive home">
              Arrive
            </Anchor>
            {/* On a phone the page's own heading names it: the badges need the room (Offline, to sync). */}
            <Title order={2} size="h4" visibleFrom="xs">
              Dashboard
            </Title>
          </Group>
          {/* Three badges (to sync, on shift, offline) go on two rows on a phone rather than off its edge. */}
          <Group gap={6} wrap="wrap" justify="flex-end" style={{ rowGap: 4 }}>
            {shift.pending.length > 0 && (
              <StatusBadge tone="warn" aria-label={`${shift.pending.length} shift actions waiting to sync`}>
                {shift.pending.length} to sync
              </StatusBadge>
            )}
            <StatusBadge tone={shift.working ? 'ok' : 'neutral'}>
              {shift.working ? 'On shift' : 'Off shift'}
            </StatusBadge>
            {/* Offline whichever way the session was known (the device's last one, or its snapshot). */}
            {(fromSnapshot || !online) && (
              <Badge color="dark" variant="outline">
                Offline
              </Badge>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Dashboard menu">
        {/* Someone no longer on the staff (the access-denied page) is shown no staff pages. */}
        {auth?.client.staff?.isCurrentStaff ? (
          <SideMenu lastOrderId={lastOrderId} access={access} role={auth.client.staff.role} onNavigate={close} />
        ) : (
          <Anchor component={Link} to={paths.home.getHref()} onClick={close}>
            Back to Arrive
          </Anchor>
        )}
      </AppShell.Navbar>
      {/* Not AppShell.Main: the root layout already gives the page its one <main> landmark. */}
      <Box
        style={{
          minHeight: '100dvh',
          paddingTop: 'calc(var(--app-shell-header-offset, 0rem) + var(--app-shell-padding))',
          paddingBottom: 'var(--app-shell-padding)',
          paddingInlineStart: 'calc(var(--app-shell-navbar-offset, 0rem) + var(--app-shell-padding))',
          paddingInlineEnd: 'var(--app-shell-padding)',
        }}
      >
        <OfflineBanner inPage />
        {allowed ? <Outlet /> : <NotAvailableForRole audience={restricted ? menuAudience[restricted] : undefined} />}
      </Box>
    </AppShell>
  );
}
