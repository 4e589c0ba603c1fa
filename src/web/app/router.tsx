import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, servicePagePaths } from '../lib/paths';
import { RequireClient } from './guards';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

// Every route of the web app (docs/product.md, "Screens"), each lazy-loaded so a visitor of / downloads only the marketing code.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, lazy: () => import('./routes/home') },
          { path: paths.about.path, lazy: () => import('./routes/about') },
          { path: paths.rider.path, lazy: () => import('./routes/rider') },
          { path: paths.riderAuth.path, lazy: () => import('./routes/rider-signup') },
          { path: paths.driverSignup.path, lazy: () => import('./routes/rider-signup') },
          { path: paths.driverInfo.path, lazy: () => import('./routes/driver-info') },
          ...servicePagePaths.map((path) => ({ path, lazy: () => import('./routes/service-page') })),
          { path: paths.login.path, lazy: () => import('./routes/login') },
          { path: paths.signup.path, lazy: () => import('./routes/signup') },
          { path: paths.verification.path, lazy: () => import('./routes/verification') },
          { path: paths.accessDenied.path, lazy: () => import('./routes/access-denied') },
          {
            element: <RequireClient />,
            children: [
              { path: paths.products.path, lazy: () => import('./routes/products') },
              { path: paths.wallet.path, lazy: () => import('./routes/wallet') },
              { path: paths.orderHistory.path, lazy: () => import('./routes/order-history') },
              { path: paths.order.path, lazy: () => import('./routes/order-detail') },
              { path: paths.orderReceipt.path, lazy: () => import('./routes/order-receipt') },
              { path: paths.pickup.path, lazy: () => import('./routes/pickup') },
              { path: paths.profile.path, lazy: () => import('./routes/profile') },
              { path: paths.settings.path, lazy: () => import('./routes/settings') },
              { path: paths.paymentRedirect.path, lazy: () => import('./routes/payment-redirect') },
              { path: paths.paymentCancelled.path, lazy: () => import('./routes/payment-cancelled') },
              { path: paths.paymentFailed.path, lazy: () => import('./routes/payment-cancelled') },
              { path: paths.paymentSuccess.path, lazy: () => import('./routes/payment-success') },
              { path: paths.walletFundSuccess.path, lazy: () => import('./routes/payment-success') },
              { path: paths.payment.path, lazy: () => import('./routes/payment') },
            ],
          },
          {
            path: paths.dashboard.root.path,
            lazy: () => import('./routes/dashboard/layout'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/home') },
              { path: paths.dashboard.orders.path, lazy: () => import('./routes/dashboard/orders') },
              { path: paths.dashboard.orderDetail.path, lazy: () => import('./routes/dashboard/order-detail') },
              { path: paths.dashboard.sales.path, lazy: () => import('./routes/dashboard/sales') },
              { path: paths.dashboard.updateData.path, lazy: () => import('./routes/dashboard/update-data') },
              { path: paths.dashboard.addStaff.path, lazy: () => import('./routes/dashboard/add-staff') },
              { path: paths.dashboard.pickup.path, lazy: () => import('./routes/dashboard/pickup') },
              { path: paths.dashboard.shift.path, lazy: () => import('./routes/dashboard/shift') },
              // The counter's walk-in sale and the cash drawers report.
              { path: paths.dashboard.sell.path, lazy: () => import('./routes/dashboard/sell') },
              { path: paths.dashboard.drawers.path, lazy: () => import('./routes/dashboard/drawers') },
              // Staff follow-ups: leads to call back, payment problems to settle.
              { path: paths.dashboard.leads.path, lazy: () => import('./routes/dashboard/leads') },
              {
                path: paths.dashboard.paymentProblems.path,
                lazy: () => import('./routes/dashboard/payment-problems'),
              },
              { path: paths.dashboard.audit.path, lazy: () => import('./routes/dashboard/audit') },
              { path: paths.dashboard.centers.path, lazy: () => import('./routes/dashboard/centers') },
              { path: paths.dashboard.transfers.path, lazy: () => import('./routes/dashboard/transfers') },
              { path: paths.dashboard.accessDenied.path, lazy: () => import('./routes/dashboard/access-denied') },
              // Home deliveries
              { path: paths.dashboard.dispatch.path, lazy: () => import('./routes/dashboard/dispatch') },
              { path: paths.dashboard.myDeliveries.path, lazy: () => import('./routes/dashboard/deliveries') },
              { path: '*', lazy: () => import('./routes/dashboard/not-found') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
