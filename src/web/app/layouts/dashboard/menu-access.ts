import type { StaffAccess, StaffRole } from '../../../../domain/enums';
import { mayCall, type StaffRouteKey } from '../../../../domain/staff-scopes';

// Which dashboard pages a staff member is offered: each page is for one server call, and the
// scopes table (src/domain/staff-scopes.ts) the server enforces says who may make it, so the menu
// never offers a page that then refuses. CEO and Manager access pass every check.

export type MenuEntry =
  | 'dashboard'
  | 'orders'
  | 'sales'
  | 'updateData'
  | 'addStaff'
  | 'pickup'
  | 'shift'
  // The counter's walk-in sale and the cash drawers report.
  | 'sell'
  | 'drawers'
  | 'leads'
  | 'paymentProblems'
  // The dispatch board of home deliveries.
  | 'dispatch'
  // The audit trail of staff actions.
  | 'audit'
  // The gas centers.
  | 'centers'
  // Stock sent between gas centers.
  | 'transfers';

/** The call each page is for: the page is offered to whoever may make that call. */
export const menuRoutes: Record<MenuEntry, StaffRouteKey> = {
  dashboard: 'GET /api/shift/active',
  // Every client's orders, with names and phones.
  orders: 'GET /api/admin/orders',
  // One's own sales.
  sales: 'GET /api/admin/sales',
  // Products, prices, suppliers and supplies are written with Admin access.
  updateData: 'POST /api/product/new',
  addStaff: 'POST /api/staff/create',
  // The pickup desk: the counter.
  pickup: 'GET /api/pickup/code/:code',
  shift: 'GET /api/shift/active',
  sell: 'POST /api/client/new_order',
  // Every shift's drawer.
  drawers: 'GET /api/admin/shift',
  leads: 'GET /api/leads/',
  paymentProblems: 'GET /api/payment/errors',
  dispatch: 'GET /api/delivery/board',
  audit: 'GET /api/audit/',
  // Changing a center (CEO, Manager; the server lets a Manager change only one they work at).
  centers: 'PUT /api/centers/:id',
  // Sending and receiving stock: staff on a shift, at their shift's center.
  transfers: 'GET /api/centers/transfers/',
};

/** Who each restricted page is for, in words, for the "not available for your role" state. */
export const menuAudience: Partial<Record<MenuEntry, string>> = {
  orders: 'the counter, dispatchers and staff with Admin or Accountant access',
  pickup: 'the counter and dispatchers',
  sell: 'the counter and dispatchers',
  dispatch: 'dispatchers',
  updateData: 'staff with Admin access',
  addStaff: 'staff with Admin access',
  drawers: 'staff with Admin or Accountant access',
  leads: 'Managers and the CEO',
  paymentProblems: 'Managers, the CEO and Accountants',
  audit: 'Managers and the CEO',
  centers: 'Managers and the CEO',
};

/** The restricted menu entry a dashboard path belongs to, if any (open pages answer null). */
export function menuEntryForPath(pathname: string): MenuEntry | null {
  const here = pathname.replace(/\/+$/, '');
  const d = '/dashboard/';
  const pages: [string, MenuEntry][] = [
    ['orders', 'orders'],
    ['pickup', 'pickup'],
    ['sell', 'sell'],
    ['dispatch', 'dispatch'],
    ['update-data', 'updateData'],
    ['staff/create', 'addStaff'],
    ['drawers', 'drawers'],
    ['leads', 'leads'],
    ['payment-problems', 'paymentProblems'],
    ['audit', 'audit'],
    ['centers', 'centers'],
    ['transfers', 'transfers'],
  ];
  for (const [path, entry] of pages) if (here === `${d}${path}` || here.startsWith(`${d}${path}/`)) return entry;
  return null;
}

/**
 * Whether a staff member holding these accesses (and, when known, this role) may open the page
 * behind this menu entry. Without a role only the access-based grants count.
 */
export const canOpen = (held: readonly StaffAccess[], entry: MenuEntry, role?: StaffRole): boolean =>
  mayCall(menuRoutes[entry], { role, access: held });
