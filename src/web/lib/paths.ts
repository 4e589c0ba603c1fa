/** Where the payment provider sends a person back to: how it ended, for which order, payment and purpose. */
function paymentOutcome(outcome: 'cancelled' | 'failed' | 'success') {
  return {
    path: `/payment/${outcome}/:id/:paymentNumber/:purpose`,
    getHref: (id: string, paymentNumber: string, purpose: string) =>
      `/payment/${outcome}/${id}/${paymentNumber}/${purpose}`,
  };
}

/** Every route of the web app in one place. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  verification: { path: '/auth/verification/:type', getHref: (type = 'mobile') => `/auth/verification/${type}` },
  about: { path: '/about', getHref: () => '/about' },
  rider: { path: '/rider', getHref: () => '/rider' },
  riderAuth: { path: '/rider/auth', getHref: () => '/rider/auth' },
  driverSignup: { path: '/driver/signup', getHref: () => '/driver/signup' },
  driverInfo: { path: '/driver/info', getHref: () => '/driver/info' },
  products: { path: '/products', getHref: () => '/products' },
  wallet: {
    path: '/wallet',
    /** With an amount (kobo): the AddFund tab, that amount filled in (a "Top up ₦X" link). */
    getHref: (topUpKobo?: number) =>
      topUpKobo && topUpKobo > 0 ? `/wallet?tab=add-fund&amount=${Math.ceil(topUpKobo)}` : '/wallet',
  },
  orderHistory: { path: '/order/history', getHref: () => '/order/history' },
  order: { path: '/order/:orderNumber', getHref: (orderNumber: string) => `/order/${encodeURIComponent(orderNumber)}` },
  /** A paid order's receipt: a stable address (the receipt SMS links to it). */
  orderReceipt: {
    path: '/order/:orderNumber/receipt',
    getHref: (orderNumber: string) => `/order/${encodeURIComponent(orderNumber)}/receipt`,
  },
  pickup: { path: '/pickup', getHref: () => '/pickup' },
  profile: { path: '/profile', getHref: () => '/profile' },
  settings: { path: '/settings', getHref: () => '/settings' },
  paymentRedirect: { path: '/payment/redirect', getHref: () => '/payment/redirect' },
  payment: {
    path: '/payment/:provider/:ref/:accessCode/:id/:purpose',
    getHref: (p: { provider?: string; ref: string; accessCode: string; id: string; purpose: string }) =>
      `/payment/${p.provider ?? 'paystack'}/${encodeURIComponent(p.ref)}/${encodeURIComponent(p.accessCode)}/${encodeURIComponent(p.id)}/${p.purpose}`,
  },
  paymentCancelled: paymentOutcome('cancelled'),
  paymentFailed: paymentOutcome('failed'),
  paymentSuccess: paymentOutcome('success'),
  walletFundSuccess: {
    path: '/payment/success/:paymentNumber/:purpose',
    getHref: (paymentNumber: string, purpose: string) => `/payment/success/${paymentNumber}/${purpose}`,
  },
  accessDenied: { path: '/access-denied', getHref: () => '/access-denied' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    orders: { path: 'orders', getHref: () => '/dashboard/orders' },
    orderDetail: {
      path: 'orders/detail/:orderId',
      getHref: (orderId: string) => `/dashboard/orders/detail/${orderId}`,
    },
    sales: { path: 'sales', getHref: () => '/dashboard/sales' },
    updateData: { path: 'update-data', getHref: () => '/dashboard/update-data' },
    addStaff: { path: 'staff/create', getHref: () => '/dashboard/staff/create' },
    pickup: { path: 'pickup', getHref: () => '/dashboard/pickup' },
    shift: { path: 'shift', getHref: () => '/dashboard/shift' },
    // The counter's walk-in sale and the cash drawers report.
    sell: { path: 'sell', getHref: () => '/dashboard/sell' },
    drawers: { path: 'drawers', getHref: () => '/dashboard/drawers' },
    // Staff follow-ups (src/web/README.md).
    leads: { path: 'leads', getHref: () => '/dashboard/leads' },
    paymentProblems: { path: 'payment-problems', getHref: () => '/dashboard/payment-problems' },
    // What staff did to money, stock and goods (CEO, Manager).
    audit: { path: 'audit', getHref: () => '/dashboard/audit' },
    // The gas centers (CEO adds, CEO and Managers change).
    centers: { path: 'centers', getHref: () => '/dashboard/centers' },
    // Stock sent between gas centers.
    transfers: { path: 'transfers', getHref: () => '/dashboard/transfers' },
    accessDenied: { path: 'access-denied', getHref: () => '/dashboard/access-denied' },
    // Home deliveries: the dispatch board (dispatchers) and the rider's own day (Delivery Person).
    dispatch: { path: 'dispatch', getHref: () => '/dashboard/dispatch' },
    myDeliveries: { path: 'deliveries', getHref: () => '/dashboard/deliveries' },
  },
} as const;

/** The marketing service and partner pages that the home page, footer and promotions link to. */
export const servicePagePaths = [
  '/ride',
  '/home-delivery',
  '/food-delivery',
  '/grocery-delivery',
  '/business',
  '/restaurant',
  '/driver',
  '/restaurant-partner',
  '/grocery-partner',
  '/business-solutions',
  '/service-1',
  '/service-2',
] as const;
