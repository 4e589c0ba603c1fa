// What the staff's first views (the counter, the dispatch board, the shift screen) share: the
// dashboard shell's screen they draw in, who may see them, and the page handed to the app once
// one is drawn.
import type { StaffRecord } from '../../../domain/schemas/auth';
import type { RunApp } from '../../components/first-view/html';
import { canOpen, type MenuEntry } from '../layouts/dashboard/menu-access';

/** The dashboard shell's screen: its busy frame, and the part under the page's heading. */
export function dashboardScreen(): { shell: HTMLElement | null; screen: HTMLElement | null } {
  const shell = document.querySelector<HTMLElement>('#main > [aria-busy="true"]');
  const screen = shell?.querySelector<HTMLElement>('h1')?.parentElement ?? null;
  return { shell, screen: screen === shell ? null : screen };
}

/** A current staff member whose role opens `entry`, as the dashboard's menu and guard decide. */
export const staffMayOpen = (staff: StaffRecord | null | undefined, entry: MenuEntry): staff is StaffRecord =>
  Boolean(staff?.isCurrentStaff && canOpen(staff.access, entry, staff.role));

/** A staff view is drawn: the page is ready, and the app runs at once. */
export function handStaffViewToApp(shell: HTMLElement, handOver: RunApp) {
  shell.removeAttribute('aria-busy');
  shell.querySelector('[role="status"]')?.remove();
  document.documentElement.setAttribute('data-app-ready', '');
  performance.mark('arrive:interactive');
  // Once this drawing is on screen, not before: the app's code then runs while the view works.
  requestAnimationFrame(() => setTimeout(() => void handOver(), 0));
}
