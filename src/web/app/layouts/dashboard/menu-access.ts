import { hasAccess } from '../../../../domain/access';
import { StaffAccess } from '../../../../domain/enums';

// Which accesses open each dashboard page: the lists the server requires of the calls the page
// is for (requireStaff({ access: [...] })), so the menu never offers a page that then refuses.
// CEO and Manager pass every check (SPEC §6), so they see every entry.

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
  | 'paymentProblems';

export const menuAccess: Record<MenuEntry, readonly StaffAccess[]> = {
  dashboard: [StaffAccess.All],
  // admin orders: anyStaff.
  orders: [StaffAccess.All],
  // One's own sales: GET admin/sales/{staffId} for oneself is open to all staff.
  sales: [StaffAccess.All],
  // Products, prices, suppliers and supplies are written with Admin access (product, supplier,
  // supply routes: `editors` / `writers`); quotas with Manager or Admin.
  updateData: [StaffAccess.Admin],
  // Adding staff: STAFF_CREATORS of the create-staff route.
  addStaff: [StaffAccess.Admin],
  // The pickup counter and the shift: any staff member on a shift.
  pickup: [StaffAccess.All],
  shift: [StaffAccess.All],
  // The walk-in sale: POST client/new_order, any staff member on a shift.
  sell: [StaffAccess.All],
  // Every shift's drawer: GET admin/shift, SHIFT_READERS (Admin, Accountant; CEO and Manager pass).
  drawers: [StaffAccess.Admin, StaffAccess.Accountant],
  // GET /api/leads and POST /api/leads/{id}/contacted: Manager or CEO.
  leads: [StaffAccess.Manager, StaffAccess.CEO],
  // GET and PUT /api/payment/errors: PAYMENT_STAFF (Manager, CEO, Accountant).
  paymentProblems: [StaffAccess.Manager, StaffAccess.CEO, StaffAccess.Accountant],
};

/** Who each restricted page is for, in words, for the "not available for your role" state. */
export const menuAudience: Partial<Record<MenuEntry, string>> = {
  updateData: 'staff with Admin access',
  addStaff: 'staff with Admin access',
  drawers: 'staff with Admin or Accountant access',
  leads: 'Managers and the CEO',
  paymentProblems: 'Managers, the CEO and Accountants',
};

/** The restricted menu entry a dashboard path belongs to, if any (open pages answer null). */
export function menuEntryForPath(pathname: string): MenuEntry | null {
  const here = pathname.replace(/\/+$/, '');
  const d = '/dashboard/';
  const pages: [string, MenuEntry][] = [
    ['update-data', 'updateData'],
    ['staff/create', 'addStaff'],
    ['drawers', 'drawers'],
    ['leads', 'leads'],
    ['payment-problems', 'paymentProblems'],
  ];
  for (const [path, entry] of pages) if (here === `${d}${path}` || here.startsWith(`${d}${path}/`)) return entry;
  return null;
}

/** Whether a staff member holding these accesses may open the page behind this menu entry. */
export const canOpen = (held: readonly StaffAccess[], entry: MenuEntry): boolean => hasAccess(held, menuAccess[entry]);
