// The site header of a page React does not run on (the public pages, the shop's first view): the
// signed-in client's links instead of the visitor's, and Logout. The header's markup is
// site-header.tsx, its menu the `site-header` enhancer (features/marketing/enhance).
import type { AuthObject } from '../../../domain/schemas/auth';
import { forgetAuth } from '../../features/auth/api/last-auth';
import { forgetDrafts } from '../../lib/drafts';

/**
 * Shows the links of `auth`'s audience (the visitor's when null), the staff's item to staff, and
 * ends a neutral header's wait (an app screen's shell: a grey block and a burger that waits).
 */
export function showNavigationFor(header: HTMLElement, auth: AuthObject | null) {
  const signedIn = Boolean(auth?.isLogin);
  const staff = Boolean(auth?.client.staff?.isCurrentStaff);
  for (const element of header.querySelectorAll<HTMLElement>('[data-nav]')) {
    const audience = element.dataset.nav;
    element.hidden = audience === 'staff' ? !staff : audience !== (signedIn ? 'client' : 'visitor');
  }
  for (const pending of header.querySelectorAll('[data-nav-pending]')) pending.remove();
  header.querySelector<HTMLButtonElement>('[data-menu-toggle]')?.removeAttribute('disabled');
}

/**
 * Logout from the header's menu: the session ends on the server (or waits in the service worker's
 * queue), this device forgets the client's copies, sign-in and drafts, and the home page opens.
 */
export function handleLogout(): () => void {
  const onClick = async (event: MouseEvent) => {
    if (!(event.target as Element).closest('[data-logout]')) return;
    const { logout } = await import('../../features/auth/api/end-session');
    await logout();
    forgetAuth();
    forgetDrafts();
    window.location.assign('/');
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
