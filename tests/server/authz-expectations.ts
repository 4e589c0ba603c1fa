// Who may call each API route: the expectations of the authorization matrix
// (tests/server/authz-matrix.test.ts), keyed 'METHOD /path' exactly as the OpenAPI document spells
// the route. "Allowed" means the guard lets the caller through (any answer but 401/403); what the
// handler then answers (404 for an unknown id, 400 for a bad state) is not the matrix's concern.
// When a route is added, the matrix test fails and prints the line to add here.
import type { PersonaName } from './support/personas';
import type { RouteInput } from './support/route-request';

export type RouteExpectation = {
  allow: readonly PersonaName[];
  /** A request that passes validation, when the schema sampler cannot build one. */
  sample?: RouteInput;
  /** Why the rule is what it is, where it is not obvious. */
  note?: string;
};

/** Everyone, signed in or not. */
export const EVERYONE: readonly PersonaName[] = [
  'visitor',
  'clientA',
  'clientB',
  'staffNoShift',
  'staffOnShift',
  'accountant',
  'manager',
  'ceo',
];
/** Any signed-in person (staff are clients too). */
export const SIGNED_IN: readonly PersonaName[] = EVERYONE.filter((p) => p !== 'visitor');
/** Any current staff member, with or without a shift. */
export const ANY_STAFF: readonly PersonaName[] = ['staffNoShift', 'staffOnShift', 'accountant', 'manager', 'ceo'];
/** Any current staff member working a shift. */
export const STAFF_ON_SHIFT: readonly PersonaName[] = ['staffOnShift', 'accountant', 'manager', 'ceo'];
/** Accountant access (and CEO/Manager, who pass every check), on a shift. */
export const ACCOUNTS_ON_SHIFT: readonly PersonaName[] = ['accountant', 'manager', 'ceo'];
/** CEO or Manager access, on a shift. */
export const MANAGEMENT_ON_SHIFT: readonly PersonaName[] = ['manager', 'ceo'];
/**
 * Dispatchers on a shift (src/domain/dispatch-access.ts: the roles that dispatch, or CEO / Manager
 * access): not the Accountant and HR. A rider moves their own delivery (delivery-dispatch.test.ts).
 */
export const DISPATCHERS_ON_SHIFT: readonly PersonaName[] = ['staffOnShift', 'manager', 'ceo'];
/**
 * The counter and the dispatchers on a shift (src/domain/staff-scopes.ts: the front desk): the
 * pickup desk, walk-in sales, the client look-up; not the Accountant and HR.
 */
export const FRONT_DESK_ON_SHIFT: readonly PersonaName[] = ['staffOnShift', 'manager', 'ceo'];
/** CEO or Manager access, shift or not. */
export const MANAGEMENT: readonly PersonaName[] = ['manager', 'ceo'];

export const authzExpectations: Record<string, RouteExpectation> = {
  'GET /api/app/data': { allow: EVERYONE },
  'GET /api/audit/': { allow: MANAGEMENT },
  'GET /api/audit/export': { allow: MANAGEMENT },
  'GET /api/app/health': { allow: EVERYONE },
  'GET /api/centers/': { allow: EVERYONE },
  'POST /api/centers/': { allow: ['ceo'], note: 'CEO access only (centers/routes.ts), narrower than the table' },
  'PUT /api/centers/{id}': {
    allow: ['ceo'],
    sample: { body: { openingHours: 'Mon–Sat 7:00–19:00' } },
    note: 'the CEO, or a Manager who works at that center; the sampled id is no center the Manager works at',
  },
  'GET /api/centers/transfers/': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/centers/transfers/': {
    allow: FRONT_DESK_ON_SHIFT,
    note: "from the center of one's shift (CEO/Manager: any); the sampled centers are none, so 404 past the guard",
  },
  'POST /api/centers/transfers/{id}/receive': {
    allow: FRONT_DESK_ON_SHIFT,
    note: 'the counter and Admin access, at the receiving center; 404 for a sampled id',
  },
  'POST /api/centers/transfers/{id}/cancel': {
    allow: FRONT_DESK_ON_SHIFT,
    note: 'the counter and Admin access, at the sending center; 404 for a sampled id',
  },
  'GET /api/centers/transfers/report': {
    allow: FRONT_DESK_ON_SHIFT,
    note: "the center of one's shift (CEO/Manager: any, or the company)",
  },
  'DELETE /api/client/push-subscription': { allow: SIGNED_IN },
  'DELETE /api/cylinder/user/{id}': { allow: SIGNED_IN },
  'DELETE /api/quota/{productId}': { allow: MANAGEMENT },
  'GET /api/address/previous_deliver': { allow: SIGNED_IN },
  'GET /api/admin/ongoing_shift/{staffId}': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/admin/orders': { allow: STAFF_ON_SHIFT },
  'GET /api/admin/orders/detail/{id}': { allow: STAFF_ON_SHIFT },
  'POST /api/admin/orders/{id}/move': { allow: MANAGEMENT, note: '404 for a sampled id, past the guard' },
  'GET /api/admin/orders/{status}/{fromDate}/{toDate}': { allow: STAFF_ON_SHIFT },
  'GET /api/admin/pickup/{id}': { allow: STAFF_ON_SHIFT },
  'GET /api/admin/sales': { allow: STAFF_ON_SHIFT },
  'GET /api/admin/sales/staff': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/admin/sales/{staffId}': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/admin/shift': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/admin/shift/{id}': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/auth/cookie_auth': { allow: SIGNED_IN },
  'GET /api/auth/profile': { allow: SIGNED_IN },
  'GET /api/client/user/{email}': { allow: FRONT_DESK_ON_SHIFT },
  'GET /api/client/notifications': { allow: SIGNED_IN },
  'GET /api/client/me/export': { allow: SIGNED_IN },
  'GET /api/cylinder/user': { allow: SIGNED_IN },
  'GET /api/delivery/all': { allow: FRONT_DESK_ON_SHIFT },
  'GET /api/delivery/board': { allow: DISPATCHERS_ON_SHIFT },
  'GET /api/delivery/mine': { allow: STAFF_ON_SHIFT },
  'GET /api/delivery/progress/{orderId}': { allow: SIGNED_IN },
  'GET /api/delivery/client/{clientId}': { allow: SIGNED_IN },
  'GET /api/delivery/order/{orderId}': { allow: SIGNED_IN },
  'GET /api/delivery/ordernumber/{orderNumber}': { allow: SIGNED_IN },
  'GET /api/delivery/{id}': { allow: SIGNED_IN },
  'GET /api/dev/outbox': { allow: EVERYONE },
  'GET /api/leads/': { allow: MANAGEMENT },
  'GET /api/map/areas': { allow: EVERYONE },
  'GET /api/order/cancel/{id}': { allow: SIGNED_IN },
  'GET /api/order/client': { allow: SIGNED_IN },
  'GET /api/order/filtered': { allow: STAFF_ON_SHIFT },
  'GET /api/order/payment_number/{n}': { allow: SIGNED_IN },
  'GET /api/order/pending_url/{id}': { allow: SIGNED_IN },
  'GET /api/order/pickup': { allow: SIGNED_IN },
  'GET /api/order/pickup/{id}': { allow: SIGNED_IN },
  'GET /api/order/qr_code/{id}': { allow: SIGNED_IN },
  'GET /api/order/with_client/search': { allow: STAFF_ON_SHIFT },
  'GET /api/order/with_client/{id}': { allow: STAFF_ON_SHIFT },
  'GET /api/order/{orderNumber}': { allow: SIGNED_IN },
  'GET /api/payment/': { allow: SIGNED_IN },
  'GET /api/payment/confirm_payment/{id}': { allow: SIGNED_IN },
  'GET /api/payment/errors': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/payment/number/{n}': { allow: SIGNED_IN },
  'GET /api/payment/order/{id}': { allow: SIGNED_IN },
  'GET /api/payment/payment_verify/{id}': { allow: SIGNED_IN },
  'GET /api/payment/pending_url/{id}': { allow: SIGNED_IN },
  'GET /api/payment/usable': { allow: SIGNED_IN },
  'GET /api/payment/verify/{id}': { allow: SIGNED_IN },
  'GET /api/payment/{id}': { allow: SIGNED_IN },
  'GET /api/pickup/code/{code}': { allow: FRONT_DESK_ON_SHIFT },
  'GET /api/pickup/order/{id}': { allow: FRONT_DESK_ON_SHIFT },
  'GET /api/pickup/qrCode/{code}': {
    allow: FRONT_DESK_ON_SHIFT,
    sample: { params: { code: 'abcdefghij.klmnopqrst' } },
  },
  'GET /api/product/': { allow: EVERYONE },
  'GET /api/product/all': { allow: STAFF_ON_SHIFT },
  'GET /api/product/price_history/{id}': { allow: STAFF_ON_SHIFT },
  'GET /api/product/center_prices': { allow: STAFF_ON_SHIFT },
  'GET /api/product/quota/{id}': { allow: EVERYONE },
  'GET /api/product/{id}': { allow: EVERYONE },
  'GET /api/quota/': { allow: STAFF_ON_SHIFT },
  'GET /api/quota/all_supplier': { allow: STAFF_ON_SHIFT },
  'GET /api/quota/single_supplier': { allow: STAFF_ON_SHIFT },
  'GET /api/quota/report': { allow: STAFF_ON_SHIFT },
  'GET /api/sales/': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/sales/staff/{id}': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/shift/active': { allow: ANY_STAFF },
  'GET /api/shift/active/{staffId}': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/shift/all_active': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/shift/all_today': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/shift/today': { allow: ANY_STAFF },
  'GET /api/shift/{id}': { allow: ANY_STAFF },
  'GET /api/staff/active': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/supplier/': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/supplier/all-quota': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/supplier/quota/{id}': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/supply/': { allow: ACCOUNTS_ON_SHIFT },
  'GET /api/upload/file/{name}': {
    allow: EVERYONE,
    sample: { params: { name: '00000000-0000-4000-8000-000000000000.png' } },
  },
  'GET /api/wallet/client': { allow: SIGNED_IN },
  'GET /api/wallet/details': { allow: SIGNED_IN },
  'GET /api/wallet/transactions': { allow: SIGNED_IN },
  'GET /api/wallet/transactions/{id}': { allow: SIGNED_IN },
  'POST /api/admin/end_shift/{staffId}': { allow: MANAGEMENT },
  'POST /api/admin/start_shift/{staffId}': { allow: MANAGEMENT },
  'POST /api/app/add_employee': { allow: MANAGEMENT },
  'POST /api/auth/login': { allow: EVERYONE },
  'POST /api/auth/logout': { allow: EVERYONE },
  'POST /api/auth/logout_all': { allow: SIGNED_IN },
  'POST /api/auth/opt_by_client': {
    allow: [],
    note: 'refused (403) unless this browser started that verification or the caller is that client; the sample names nobody',
  },
  'POST /api/auth/opt_confirmation': { allow: EVERYONE },
  'POST /api/auth/opt_request': { allow: EVERYONE },
  'POST /api/auth/refresh_token': {
    allow: [],
    note: 'needs the refresh cookie (path /api/auth), which the matrix does not carry',
  },
  'POST /api/auth/signup': { allow: EVERYONE },
  'POST /api/client/new_meeting': { allow: SIGNED_IN },
  'POST /api/client/new_order': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/client/me/delete': {
    allow: SIGNED_IN,
    // A wrong confirmation word: the guard's answer is what is checked, and nobody is erased.
    sample: { body: { confirmation: 'KEEP' } },
    note: 'Any signed-in person reaches it; a current staff member is then refused (403) by the erasure itself.',
  },
  'POST /api/client/refund_order': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/client/push-subscription': {
    allow: SIGNED_IN,
    sample: {
      body: {
        endpoint: 'https://push.example.com/send/matrix',
        keys: {
          p256dh: 'BEbZNt9AMe5Mh2xysiZnRxExtpuai4nAEzqC1ROXQVcSjTHUR4QVD91909QEvIPyfK_fO0iw2q7JKjS5a3TM2mM',
          auth: 'c2l4dGVlbmJ5dGVzYXV0aA',
        },
      },
    },
  },
  'POST /api/cylinder/user': { allow: SIGNED_IN, sample: { body: { sizeKg: 12.5 } } },
  'POST /api/delivery/new': { allow: DISPATCHERS_ON_SHIFT },
  'POST /api/delivery/quote': { allow: SIGNED_IN },
  'POST /api/leads/application': { allow: EVERYONE },
  'POST /api/leads/interest': { allow: EVERYONE },
  'POST /api/leads/{id}/contacted': { allow: MANAGEMENT },
  'POST /api/map/direction': { allow: SIGNED_IN },
  'POST /api/map/distance': { allow: SIGNED_IN },
  'POST /api/map/geocode': { allow: SIGNED_IN },
  'POST /api/order/cancel/{id}': { allow: SIGNED_IN },
  'POST /api/order/new': { allow: SIGNED_IN },
  'POST /api/order/pickup/{id}/dispute': { allow: SIGNED_IN },
  'POST /api/order/pickup/{id}/respond': { allow: SIGNED_IN },
  'POST /api/order/quote': { allow: SIGNED_IN },
  'POST /api/payment/initiate/order': { allow: SIGNED_IN },
  'POST /api/payment/paystack/retry_payment': { allow: SIGNED_IN },
  'POST /api/payment/paystack/send_payment': { allow: SIGNED_IN },
  'POST /api/payment/wallet': { allow: SIGNED_IN },
  'POST /api/payment/webhook': { allow: [], note: "trusted by Paystack's signature alone, which no caller here has" },
  'POST /api/pickup/dispute/{id}': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/pickup/find': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/pickup/verify': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/pickup/handover-code': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/pickup/handover-code/confirm': { allow: FRONT_DESK_ON_SHIFT },
  'POST /api/pickup/approve': {
    allow: MANAGEMENT_ON_SHIFT,
    note: 'a Shift Supervisor, Manager or CEO on a shift (pickup README); the personas hold no Shift Supervisor',
  },
  'POST /api/product/new': { allow: MANAGEMENT },
  'POST /api/shift/end': { allow: ANY_STAFF },
  'POST /api/shift/start': { allow: ANY_STAFF },
  'POST /api/staff/create': { allow: MANAGEMENT },
  'POST /api/supplier/new': { allow: MANAGEMENT },
  'POST /api/supply/delivery': { allow: MANAGEMENT },
  'POST /api/supply/new': { allow: MANAGEMENT },
  'POST /api/supply/new_delivery': { allow: MANAGEMENT },
  'POST /api/upload/file': { allow: MANAGEMENT },
  'POST /api/wallet/add_fund': { allow: SIGNED_IN },
  'POST /api/wallet/create': { allow: SIGNED_IN },
  'POST /api/wallet/simulate_transfer': { allow: SIGNED_IN, sample: { body: { accountNumber: '0123456789' } } },
  'POST /api/wallet/verify_payment': { allow: SIGNED_IN, sample: { body: { paymentNumber: 'PAY-NOT-THERE' } } },
  'PUT /api/auth/profile': { allow: SIGNED_IN, sample: { body: { email: 'someone@example.com' } } },
  'PUT /api/delivery/assign/{id}': {
    allow: DISPATCHERS_ON_SHIFT,
    sample: { body: { riderId: '00000000-0000-4000-8000-000000000000' } },
  },
  'PUT /api/delivery/status/{id}': { allow: DISPATCHERS_ON_SHIFT },
  'PUT /api/delivery/update/{id}': { allow: DISPATCHERS_ON_SHIFT },
  'PUT /api/delivery/location/{id}': {
    allow: STAFF_ON_SHIFT,
    note: 'any staff on a shift reaches it; only the rider of the delivery is served (403 otherwise)',
  },
  'PUT /api/client/notifications': { allow: SIGNED_IN },
  'PUT /api/payment/discard_redish': { allow: SIGNED_IN },
  'PUT /api/payment/errors/{id}': { allow: ACCOUNTS_ON_SHIFT },
  'PUT /api/payment/save_usable': { allow: SIGNED_IN },
  'PUT /api/product/price/{id}': { allow: MANAGEMENT },
  'PUT /api/product/center_price/{id}': { allow: MANAGEMENT },
  'PUT /api/product/update/{id}': { allow: MANAGEMENT },
  'PUT /api/quota/{productId}': { allow: MANAGEMENT },
};
