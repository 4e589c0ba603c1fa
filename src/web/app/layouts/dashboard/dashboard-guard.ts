import type { AuthObject } from '../../../../domain/schemas/auth';
import { paths } from '../../../lib/paths';

export type GuardInput = {
  /** The cookie check has answered (authChecked). */
  authChecked: boolean;
  auth: AuthObject | null;
  pathname: string;
  /** A start or end still waiting to sync counts (offline-first). */
  workingNow: boolean;
};

export type GuardDecision = { kind: 'wait' } | { kind: 'show' } | { kind: 'redirect'; to: string };

const under = (pathname: string, href: string) => pathname.replace(/\/+$/, '') === href;

/**
 * The dashboard guard, in its order: not logged in → /login; no staff record →
 * /access-denied; not the current staff → the dashboard's access-denied; no working shift → the
 * shift page. The screens those send people to stay reachable, so nobody loops.
 */
export function decideDashboardAccess({ authChecked, auth, pathname, workingNow }: GuardInput): GuardDecision {
  if (!authChecked) return { kind: 'wait' };
  if (!auth?.isLogin) return { kind: 'redirect', to: paths.login.getHref() };
  const staff = auth.client.staff;
  if (!staff) return { kind: 'redirect', to: paths.accessDenied.getHref() };
  const deniedHref = paths.dashboard.accessDenied.getHref();
  if (!staff.isCurrentStaff) {
    return under(pathname, deniedHref) ? { kind: 'show' } : { kind: 'redirect', to: deniedHref };
  }
  const shiftHref = paths.dashboard.shift.getHref();
  if (!workingNow && !under(pathname, shiftHref) && !under(pathname, deniedHref)) {
    return { kind: 'redirect', to: shiftHref };
  }
  return { kind: 'show' };
}
