// Who among the staff may call each staff route, and on what: the one table the server enforces
// (plugins/session.ts refuses a staff-guarded route that is not listed here, at startup) and the
// dashboard menu reads (layouts/dashboard/menu-access.ts). docs/security.md, "Roles and scopes",
// explains the choices.
//
// A grant gives a scope to an audience:
// - own: the caller's own records — their shift, their sales, the deliveries assigned to them;
// - counter: the counter of the gas center one's shift is at — any order of that center brought to
//   the pickup desk (another center's is refused, pickup/service.ts), walk-in sales and refunds
//   from one's own drawer;
// - company: every record of the company.
// CEO and Manager access pass every check (company scope). Holding `All` is not special.
import { isPrivileged } from './access';
import { DISPATCH_ROLES } from './dispatch-access';
import { StaffAccess, StaffRole } from './enums';

export type StaffScope = 'own' | 'counter' | 'company';

/** Any current staff member, or the members with one of these roles or one of these accesses. */
export type Audience = 'anyStaff' | { roles?: readonly StaffRole[]; access?: readonly StaffAccess[] };

export type Grant = {
  scope: StaffScope;
  to: Audience;
  /** This grant counts only while the member works a shift (when the route itself does not ask for one). */
  shift?: true;
};

export type StaffRouteRule = {
  /** Whether a working shift is needed to call the route at all. */
  shift: boolean;
  /**
   * A route clients use for their own records too (a delivery's progress): anyone signed in
   * reaches it and sees their own; the grants widen what staff see.
   */
  clients?: true;
  grants: readonly Grant[];
};

/** A member as the table judges them (without a role, only the access-based grants count). */
export type ScopeMember = { role?: StaffRole | undefined; access: readonly StaffAccess[] };

const SCOPE_ORDER: readonly StaffScope[] = ['own', 'counter', 'company'];

/** Roles at the counter: walk-in sales, the pickup desk, refunds. */
export const COUNTER_ROLES: readonly StaffRole[] = [
  StaffRole.SalesAssociate,
  StaffRole.Cashier,
  StaffRole.ShiftSupervisor,
  StaffRole.CustomerService,
];

/** The front desk: the counter and the dispatchers (who run the board of every home delivery). */
export const FRONT_DESK_ROLES: readonly StaffRole[] = [...new Set([...COUNTER_ROLES, ...DISPATCH_ROLES])];

/** Roles and accesses that read every order with its client: the front desk, Admin and Accountant access. */
const ORDER_READERS: Audience = {
  roles: FRONT_DESK_ROLES,
  access: [StaffAccess.Admin, StaffAccess.Accountant],
};
const FRONT_DESK: Audience = { roles: FRONT_DESK_ROLES };
const DISPATCHERS: Audience = { roles: DISPATCH_ROLES };
const RIDERS: Audience = { roles: [StaffRole.DeliveryPerson] };
/** Drawers, shifts of others, sales of others, suppliers: Admin or Accountant access. */
const BOOKS: Audience = { access: [StaffAccess.Admin, StaffAccess.Accountant] };
const ADMIN: Audience = { access: [StaffAccess.Admin] };
/** Who sends and receives stock between centers: the counter, and Admin access. */
const STOCK_HANDLERS: Audience = { roles: COUNTER_ROLES, access: [StaffAccess.Admin] };
const MANAGEMENT: Audience = { access: [StaffAccess.Manager, StaffAccess.CEO] };
const PAYMENT_STAFF: Audience = { access: [StaffAccess.Manager, StaffAccess.CEO, StaffAccess.Accountant] };

const onShift = (...grants: Grant[]): StaffRouteRule => ({ shift: true, grants });
const anyShift = (...grants: Grant[]): StaffRouteRule => ({ shift: false, grants });
const own = (to: Audience, extra: Partial<Grant> = {}): Grant => ({ scope: 'own', to, ...extra });
const counter = (to: Audience): Grant => ({ scope: 'counter', to });
const company = (to: Audience, extra: Partial<Grant> = {}): Grant => ({ scope: 'company', to, ...extra });

/**
 * Every staff route, keyed `METHOD url` exactly as the server registers it (path parameters as
 * `:name`). A route guarded by requireStaff or requireClientOrStaff that is missing here stops the
 * server at startup.
 */
export const staffRoutes = {
  // ── Orders of every client (names, phones): the front desk and the books ──
  // The lists, today's shifts and the supplies are of the center of one's shift; CEO and Manager
  // choose any, or all (centers/scope.ts).
  'GET /api/admin/orders': onShift(company(ORDER_READERS)),
  'GET /api/admin/orders/:status/:fromDate/:toDate': onShift(company(ORDER_READERS)),
  'GET /api/admin/orders/detail/:id': onShift(company(ORDER_READERS)),
  'GET /api/order/filtered': onShift(company(ORDER_READERS)),
  'GET /api/order/with_client/search': onShift(company(ORDER_READERS)),
  'GET /api/order/with_client/:id': onShift(company(ORDER_READERS)),
  'GET /api/admin/pickup/:id': onShift(company(ORDER_READERS)),
  // Moving an order to another gas center: the CEO and Managers, on a shift or not.
  'POST /api/admin/orders/:id/move': anyShift(company(MANAGEMENT)),

  // ── The counter: pickup desk, walk-in sales, refunds ──
  'GET /api/pickup/code/:code': onShift(counter(FRONT_DESK)),
  'GET /api/pickup/qrCode/:code': onShift(counter(FRONT_DESK)),
  'GET /api/pickup/order/:id': onShift(counter(FRONT_DESK)),
  'POST /api/pickup/find': onShift(counter(FRONT_DESK)),
  'POST /api/pickup/verify': onShift(counter(FRONT_DESK)),
  'POST /api/pickup/handover-code': onShift(counter(FRONT_DESK)),
  'POST /api/pickup/handover-code/confirm': onShift(counter(FRONT_DESK)),
  // The approval itself is narrower still: HANDOVER_APPROVER_ROLES (handover.ts).
  'POST /api/pickup/approve': onShift(counter(FRONT_DESK)),
  'POST /api/pickup/dispute/:id': onShift(counter(FRONT_DESK)),
  // The sale asks for its own shift (a sale made offline lands in the drawer it was made in).
  'POST /api/client/new_order': anyShift(counter(FRONT_DESK)),
  'POST /api/client/refund_order': onShift(counter(FRONT_DESK)),
  'GET /api/client/user/:email': onShift(counter(FRONT_DESK)),

  // ── Home deliveries: dispatchers see the board, a rider only what is assigned to them ──
  // A dispatcher opens, edits, assigns and moves the deliveries of their shift's center only.
  'GET /api/delivery/all': onShift(company(DISPATCHERS)),
  'GET /api/delivery/board': onShift(company(DISPATCHERS)),
  'POST /api/delivery/new': onShift(company(DISPATCHERS)),
  'PUT /api/delivery/update/:id': onShift(company(DISPATCHERS)),
  'PUT /api/delivery/assign/:id': onShift(company(DISPATCHERS)),
  'PUT /api/delivery/status/:id': onShift(own(RIDERS), company(DISPATCHERS)),
  'GET /api/delivery/mine': onShift(own('anyStaff')),
  'PUT /api/delivery/location/:id': onShift(own('anyStaff')),
  // Clients read their own deliveries here too; staff see more only on a shift.
  'GET /api/delivery/:id': {
    shift: false,
    clients: true,
    grants: [own(RIDERS, { shift: true }), company(DISPATCHERS, { shift: true })],
  },
  'GET /api/delivery/ordernumber/:orderNumber': {
    shift: false,
    clients: true,
    grants: [own(RIDERS, { shift: true }), company(DISPATCHERS, { shift: true })],
  },
  'GET /api/delivery/order/:orderId': {
    shift: false,
    clients: true,
    grants: [own(RIDERS, { shift: true }), company(DISPATCHERS, { shift: true })],
  },
  'GET /api/delivery/progress/:orderId': {
    shift: false,
    clients: true,
    grants: [own(RIDERS, { shift: true }), company(DISPATCHERS, { shift: true })],
  },
  'GET /api/delivery/client/:clientId': {
    shift: false,
    clients: true,
    grants: [company(DISPATCHERS, { shift: true })],
  },

  // ── Shifts and drawers ──
  'POST /api/shift/start': anyShift(own('anyStaff')),
  'POST /api/shift/end': anyShift(own('anyStaff')),
  'GET /api/shift/active': anyShift(own('anyStaff')),
  'GET /api/shift/today': anyShift(own('anyStaff')),
  'GET /api/shift/:id': anyShift(own('anyStaff'), company(BOOKS, { shift: true })),
  'GET /api/shift/all_today': onShift(company(BOOKS)),
  'GET /api/shift/all_active': onShift(company(BOOKS)),
  'GET /api/shift/active/:staffId': onShift(company(BOOKS)),
  'GET /api/admin/shift/:id': onShift(company(BOOKS)),
  'GET /api/admin/ongoing_shift/:staffId': onShift(company(BOOKS)),
  'GET /api/admin/shift': onShift(company(BOOKS)),
  'POST /api/admin/start_shift/:staffId': onShift(company({ access: [StaffAccess.Manager] })),
  'POST /api/admin/end_shift/:staffId': onShift(company({ access: [StaffAccess.Manager] })),

  // ── Sales: one's own, or everyone's with the books ──
  'GET /api/admin/sales': onShift(own('anyStaff')),
  'GET /api/admin/sales/staff': onShift(company(BOOKS)),
  'GET /api/admin/sales/:staffId': onShift(own('anyStaff'), company(BOOKS)),
  'GET /api/sales/': onShift(company(BOOKS)),
  'GET /api/sales/staff/:id': onShift(own('anyStaff'), company(BOOKS)),

  // ── Staff records ──
  'GET /api/staff/active': onShift(company(BOOKS)),
  'POST /api/staff/create': onShift(company(ADMIN)),
  'POST /api/app/add_employee': onShift(company(ADMIN)),

  // ── Catalogue, stock and suppliers (no client data) ──
  'GET /api/product/all': onShift(company('anyStaff')),
  'GET /api/product/price_history/:id': onShift(company('anyStaff')),
  'POST /api/product/new': onShift(company(ADMIN)),
  'PUT /api/product/update/:id': onShift(company(ADMIN)),
  'PUT /api/product/price/:id': onShift(company(ADMIN)),
  // A center's own price: Admin only at the center of their shift (product/admin-routes.ts).
  'GET /api/product/center_prices': onShift(company('anyStaff')),
  'PUT /api/product/center_price/:id': onShift(company(ADMIN)),
  'GET /api/quota/': onShift(company('anyStaff')),
  'GET /api/quota/all_supplier': onShift(company('anyStaff')),
  'GET /api/quota/single_supplier': onShift(company('anyStaff')),
  // The stock report: its readers as the stock's, each seeing the center as the sales reports say.
  'GET /api/quota/report': onShift(company('anyStaff')),
  'PUT /api/quota/:productId': onShift(company({ access: [StaffAccess.Manager, StaffAccess.Admin] })),
  'DELETE /api/quota/:productId': onShift(company({ access: [StaffAccess.Manager, StaffAccess.Admin] })),
  'POST /api/supplier/new': onShift(company(ADMIN)),
  'GET /api/supplier/': onShift(company(BOOKS)),
  'GET /api/supplier/all-quota': onShift(company(BOOKS)),
  'GET /api/supplier/quota/:id': onShift(company(BOOKS)),
  'POST /api/supply/new': onShift(company(ADMIN)),
  'POST /api/supply/new_delivery': onShift(company(ADMIN)),
  'POST /api/supply/delivery': onShift(company(ADMIN)),
  'GET /api/supply/': onShift(company(BOOKS)),
  'POST /api/upload/file': onShift(company(ADMIN)),

  // ── Management ──
  'GET /api/payment/errors': anyShift(company(PAYMENT_STAFF)),
  'PUT /api/payment/errors/:id': anyShift(company(PAYMENT_STAFF)),
  'GET /api/leads/': anyShift(company(MANAGEMENT)),
  'POST /api/leads/:id/contacted': anyShift(company(MANAGEMENT)),
  'GET /api/audit/': anyShift(company(MANAGEMENT)),
  'GET /api/audit/export': anyShift(company(MANAGEMENT)),
  // Gas centers: narrower still in centers/routes.ts — adding one takes CEO access, and a Manager
  // changes only a center they work at.
  'POST /api/centers/': anyShift(company({ access: [StaffAccess.CEO] })),
  'PUT /api/centers/:id': anyShift(company(MANAGEMENT)),
  // Stock sent between centers: the counter and Admin access, from and at the center of their
  // shift (centers/transfer-routes.ts).
  'GET /api/centers/transfers/': onShift(counter(STOCK_HANDLERS)),
  'POST /api/centers/transfers/': onShift(counter(STOCK_HANDLERS)),
  'POST /api/centers/transfers/:id/receive': onShift(counter(STOCK_HANDLERS)),
  'POST /api/centers/transfers/:id/cancel': onShift(counter(STOCK_HANDLERS)),
  'GET /api/centers/transfers/report': onShift(counter(STOCK_HANDLERS)),
} as const satisfies Record<string, StaffRouteRule>;

export type StaffRouteKey = keyof typeof staffRoutes;

const rulesByRoute = new Map<string, StaffRouteRule>(
  Object.entries(staffRoutes).map(([key, rule]) => [key.replace(/\/$/, ''), rule]),
);

/**
 * The rule of a route, by `METHOD url` (HEAD is GET's twin, and `/api/sales` the same route as
 * `/api/sales/`); undefined for a route not listed.
 */
export function staffRouteRule(method: string, url: string): StaffRouteRule | undefined {
  return rulesByRoute.get(`${method === 'HEAD' ? 'GET' : method} ${url.replace(/\/$/, '')}`);
}

function reaches(audience: Audience, member: ScopeMember): boolean {
  if (audience === 'anyStaff') return true;
  if (member.role && audience.roles?.includes(member.role)) return true;
  return Boolean(audience.access?.some((a) => a !== StaffAccess.All && member.access.includes(a)));
}

/**
 * The widest scope a member has on a route, or null when no grant reaches them. CEO and Manager
 * access pass every check (company scope), a grant's shift condition included. `onShift`
 * undefined ignores the grants' shift conditions (the menu).
 */
export function scopeOf(rule: StaffRouteRule, member: ScopeMember, onShift?: boolean): StaffScope | null {
  const privileged = isPrivileged(member.access);
  let widest: StaffScope | null = null;
  for (const grant of rule.grants) {
    if (grant.shift && onShift === false) continue;
    if (privileged) return 'company';
    if (!reaches(grant.to, member)) continue;
    if (!widest || SCOPE_ORDER.indexOf(grant.scope) > SCOPE_ORDER.indexOf(widest)) widest = grant.scope;
  }
  return widest;
}

/** Whether a member may call a route at all (any scope), shift aside: what the menu offers. */
export const mayCall = (key: StaffRouteKey, member: ScopeMember): boolean => scopeOf(staffRoutes[key], member) !== null;
