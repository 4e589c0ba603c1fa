// The API as web tests see it: `fakeApi({...})` answers the app's calls by `METHOD path` (the path
// below /api/, as the api client names it, with `:params`), each answer typed by the domain schema
// of that endpoint. It replaces fetch, so the real api client runs: headers, idempotency keys,
// error objects and the offline error are what the app would meet.
import { vi } from 'vitest';
import type { z } from 'zod';
import type { ErrorObject } from '../../domain/errors';
import type { AppData } from '../../domain/schemas/app';
import type { AuditList } from '../../domain/schemas/audit';
import type { AuthObject, AuthResult, Profile } from '../../domain/schemas/auth';
import type { Center, CenterList } from '../../domain/schemas/center';
import type { CounterSaleResponse } from '../../domain/schemas/counter';
import type { Cylinder, cylinderListSchema } from '../../domain/schemas/cylinder';
import type {
  Delivery,
  DeliveryProgress,
  DispatchBoard,
  previousAddressesSchema,
  RiderDeliveries,
} from '../../domain/schemas/delivery';
import type { mapAreasSchema } from '../../domain/schemas/map';
import type { NotificationSettingsView } from '../../domain/schemas/notification';
import type { ClientOrderPage, Order, OrderMoved, OrderQr, OrderQuote } from '../../domain/schemas/order';
import type {
  CheckoutDetails,
  discardUsableResultSchema,
  PaymentView,
  saveUsableResultSchema,
  UsableCard,
} from '../../domain/schemas/payment';
import type {
  ClientPickupList,
  ClientPickupOrder,
  PickupLookupResponse,
  PickupVerifyResponse,
} from '../../domain/schemas/pickup';
import type { AccountDeletionResult, ClientDataExport } from '../../domain/schemas/privacy';
import type { ProductList } from '../../domain/schemas/product';
import type { Quota } from '../../domain/schemas/quota';
import type {
  AdminOrderDetail,
  AdminOrderSummary,
  AdminProduct,
  CenterPrice,
  PriceHistoryEntry,
  SalesTotals,
  StaffSalesDetail,
  StaffSalesList,
} from '../../domain/schemas/sales';
import type { Shift } from '../../domain/schemas/shift';
import type { CreateStaffResponse, StaffMember } from '../../domain/schemas/staff';
import type { StockReport, TransferReport } from '../../domain/schemas/stock-report';
import type { StockTransfer, StockTransferList } from '../../domain/schemas/stock-transfer';
import type { Supplier, SupplierQuota } from '../../domain/schemas/supplier';
import type { Supply } from '../../domain/schemas/supply';
import type { UploadResponse } from '../../domain/schemas/upload';
import type { AddFundResponse, ClientWallet, Wallet, WalletTransaction } from '../../domain/schemas/wallet';

/** Every call the web app makes, and the body its success answers with. */
export type ApiContract = {
  'GET address/previous_deliver': z.infer<typeof previousAddressesSchema>;
  'GET admin/orders': AdminOrderSummary[];
  'GET admin/orders/detail/:id': AdminOrderDetail;
  'POST admin/orders/:id/move': OrderMoved;
  'GET admin/sales': StaffSalesDetail;
  'GET admin/sales/staff': StaffSalesList;
  'GET admin/shift': Shift[];
  'GET app/data': AppData;
  'GET audit': AuditList;
  'GET auth/cookie_auth': { auth: AuthObject };
  'GET auth/profile': Profile;
  'PUT auth/profile': Profile;
  'POST auth/login': AuthResult;
  'POST auth/signup': AuthResult;
  'POST auth/logout': unknown;
  'POST auth/logout_all': unknown;
  'POST auth/opt_request': AuthResult;
  'POST auth/opt_confirmation': { auth: AuthObject };
  'GET centers': CenterList;
  'POST centers': Center;
  'PUT centers/:id': Center;
  'GET centers/transfers': StockTransferList;
  'POST centers/transfers': StockTransfer;
  'POST centers/transfers/:id/receive': StockTransfer;
  'POST centers/transfers/:id/cancel': StockTransfer;
  'GET centers/transfers/report': TransferReport;
  'GET cylinder/user': z.infer<typeof cylinderListSchema>;
  'POST cylinder/user': Cylinder;
  'GET map/areas': z.infer<typeof mapAreasSchema>;
  'GET order/:orderNumber': Order;
  // Home deliveries
  'GET delivery/progress/:orderId': DeliveryProgress;
  'GET delivery/board': DispatchBoard;
  'GET delivery/mine': RiderDeliveries;
  'PUT delivery/status/:id': Delivery;
  'PUT delivery/assign/:id': Delivery;
  'PUT delivery/location/:id': { recorded: boolean };
  'GET order/cancel/:orderId': Order;
  'GET order/client': ClientOrderPage;
  'GET order/qr_code/:orderId': OrderQr;
  'POST order/new': Order;
  'POST order/quote': OrderQuote;
  'GET order/pickup': ClientPickupList;
  'POST order/pickup/:orderId/dispute': ClientPickupOrder;
  'POST order/pickup/:orderId/respond': ClientPickupOrder;
  'POST payment/initiate/order': CheckoutDetails;
  'GET payment/order/:orderNumber': PaymentView[];
  'GET payment/verify/:paymentNumber': PaymentView;
  'POST payment/wallet': unknown;
  'PUT payment/save_usable': z.infer<typeof saveUsableResultSchema>;
  'PUT payment/discard_redish': z.infer<typeof discardUsableResultSchema>;
  'GET payment/usable': UsableCard;
  'POST payment/paystack/send_payment': PaymentView;
  'GET pickup/code/:code': PickupLookupResponse;
  'GET pickup/order/:orderId': PickupLookupResponse;
  'GET pickup/qrCode/:token': PickupLookupResponse;
  'POST pickup/verify': PickupVerifyResponse;
  'GET product': ProductList;
  'POST client/new_order': CounterSaleResponse;
  'GET product/all': AdminProduct[];
  'POST product/new': AdminProduct;
  'PUT product/price/:id': AdminProduct;
  'GET product/center_prices': { prices: CenterPrice[] };
  'PUT product/center_price/:id': { centerId: string; productId: string; price: number | null };
  'GET product/price_history/:id': PriceHistoryEntry[];
  'PUT product/update/:id': AdminProduct;
  'GET quota': { quotas: Quota[] };
  'PUT quota/:productId': Quota;
  'GET quota/report': StockReport;
  'GET sales': SalesTotals;
  'GET shift/active': { shift: Shift | null };
  'POST shift/start': { shift: Shift | null };
  'GET shift/all_active': Shift[];
  'GET shift/today': Shift[];
  'GET staff/active': StaffMember[];
  'POST staff/create': CreateStaffResponse;
  'GET supplier': Supplier[];
  'GET supplier/all-quota': SupplierQuota[];
  'POST supplier/new': Supplier;
  'GET supply': Supply[];
  'POST supply/delivery': Supply;
  'POST supply/new': Supply;
  'POST supply/new_delivery': Supply;
  'POST upload/file': UploadResponse;
  'GET wallet/client': ClientWallet;
  'GET client/notifications': NotificationSettingsView;
  'POST client/push-subscription': NotificationSettingsView;
  'GET client/me/export': ClientDataExport;
  'POST client/me/delete': AccountDeletionResult;
  'POST wallet/add_fund': AddFundResponse;
  'POST wallet/create': Wallet;
  'GET wallet/transactions': WalletTransaction[];
};
export type Endpoint = keyof ApiContract;

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 422 | 429 | 500 | 502 | 503 | 504;

/** What the server says: a success body, an error object, or nothing at all (the network is down). */
export type FakeAnswer<T = unknown> =
  | { status: 200 | 201 | 202; body: T }
  | { status: ErrorStatus; body: ErrorObject }
  | { offline: true };

/** A refusal as the server words it: an ErrorObject with its status. */
export const refusal = (
  status: ErrorStatus,
  type: ErrorObject['type'],
  message: string,
  additionalInfo?: unknown,
): { status: ErrorStatus; body: ErrorObject } => ({ status, body: { status, type, message, additionalInfo } });

export type FakeRequest = {
  method: string;
  /** Below /api/, e.g. `order/ARV-7K2M9Q`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

/** One answer for every call, answers taken in turn (the last one repeats), or a function of the request. */
export type FakeRoute<E extends Endpoint> =
  | FakeAnswer<ApiContract[E]>
  | FakeAnswer<ApiContract[E]>[]
  | ((request: FakeRequest) => FakeAnswer<ApiContract[E]> | Promise<FakeAnswer<ApiContract[E]>>);

export type FakeRoutes = { [E in Endpoint]?: FakeRoute<E> };

export type FakeCall = { method: string; path: string; body: unknown; headers: Headers };

const notFound: FakeAnswer = { status: 404, body: { message: 'Not found', status: 404, type: 'NotFound' } };
/** A visitor: the cookie check answers that nobody is signed in. */
const visitor: FakeAnswer = { status: 401, body: { message: 'Please sign in', status: 401, type: 'UnAuthorized' } };

type Compiled = { method: string; segments: string[]; literals: number; route: FakeRoute<Endpoint> };

function compile(routes: FakeRoutes): Compiled[] {
  return (Object.entries(routes) as [Endpoint, FakeRoute<Endpoint>][])
    .map(([key, route]) => {
      const [method = 'GET', pattern = ''] = key.split(' ');
      const segments = pattern.split('/');
      return { method, segments, literals: segments.filter((s) => !s.startsWith(':')).length, route };
    })
    .sort((a, b) => b.literals - a.literals); // `order/client` before `order/:orderNumber`
}

function match(entry: Compiled, method: string, path: string): Record<string, string> | null {
  const parts = path.split('/');
  if (entry.method !== method || parts.length !== entry.segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of entry.segments.entries()) {
    const part = parts[i] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return params;
}

/**
 * Answers the app's API calls for this test (fetch is replaced; `vi.unstubAllGlobals()` undoes
 * it). Calls nobody answered get 404, the cookie check 401 (a visitor), or `otherwise`.
 */
export function fakeApi(routes: FakeRoutes, { otherwise }: { otherwise?: FakeAnswer } = {}) {
  const calls: FakeCall[] = [];
  const table = compile(routes);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body, headers: request.headers });

    let answer: FakeAnswer | undefined;
    for (const entry of table) {
      const params = match(entry, request.method, path);
      if (!params) continue;
      const { route } = entry;
      if (typeof route === 'function') {
        answer = await route({
          method: request.method,
          path,
          params,
          query: url.searchParams,
          body,
          headers: request.headers,
        });
      } else if (Array.isArray(route)) {
        answer = route.length > 1 ? route.shift() : route[0];
      } else {
        answer = route;
      }
      break;
    }
    answer ??= otherwise ?? (request.method === 'GET' && path === 'auth/cookie_auth' ? visitor : notFound);
    if ('offline' in answer) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}
