import { matchPath } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The outline a screen is drawn with before its code and data arrive: a form card, a list of
 * rows, a detail page, a grid of product cards, a wallet panel or a staff dashboard page.
 */
export type ShellLayout = 'form' | 'list' | 'detail' | 'grid' | 'panel' | 'dashboard';

export type AppShell = {
  /** A route pattern as the router spells it ('/order/:orderNumber'). */
  pattern: string;
  /** The shell's file name in the build (dist/app-shells/<file>.html). */
  file: string;
  /** The screen's own title, so the heading does not change when the screen takes over. */
  title: string;
  layout: ShellLayout;
  /** The route module that draws the screen (app/routes/<module>.tsx): its code is preloaded. */
  module: string;
  /** Mantine Container size of the screen (client screens), so the title sits where it will stay. */
  size?: 'xs' | 'sm' | 'md' | 'xl';
  /**
   * The screen's first view runs without the app (app/first-views): the shell loads it, and
   * it runs the app when the client needs more.
   */
  light?: 'shop' | 'history' | 'order' | 'wallet' | 'counter' | 'dispatch' | 'shift';
};

const d = paths.dashboard;
const dash = (child: string) => `${d.root.path}/${child}`;

/**
 * Every app screen that gets a prerendered shell (scripts/prerender.mjs writes one file each;
 * the server answers the matching paths with it). More specific patterns first.
 */
export const appShells: readonly AppShell[] = [
  // /login and /signup are not here: they are prerendered whole (entry-server.tsx, signInPageMeta).
  {
    pattern: paths.verification.path,
    file: 'verification',
    module: 'verification',
    title: 'Verify your number',
    layout: 'form',
    size: 'xs',
  },
  { pattern: paths.profile.path, file: 'profile', module: 'profile', title: 'Profile', layout: 'form', size: 'xs' },
  { pattern: paths.settings.path, file: 'settings', module: 'settings', title: 'Settings', layout: 'form', size: 'xs' },
  {
    pattern: paths.products.path,
    file: 'products',
    module: 'products',
    title: 'Order gas and products',
    layout: 'grid',
    size: 'xl',
    light: 'shop',
  },
  {
    pattern: paths.orderHistory.path,
    file: 'order-history',
    module: 'order-history',
    title: 'Order history',
    layout: 'list',
    size: 'md',
    light: 'history',
  },
  {
    pattern: paths.orderReceipt.path,
    file: 'order-receipt',
    module: 'order-receipt',
    title: 'Receipt',
    layout: 'detail',
    size: 'md',
  },
  {
    pattern: paths.order.path,
    file: 'order',
    module: 'order-detail',
    title: 'Order',
    layout: 'detail',
    size: 'md',
    light: 'order',
  },
  {
    pattern: paths.wallet.path,
    file: 'wallet',
    module: 'wallet',
    title: 'Wallet',
    layout: 'panel',
    // As the app's wallet (components/wallet-screen.tsx), so its first view is that wide too.
    size: 'sm',
    light: 'wallet',
  },
  { pattern: paths.pickup.path, file: 'pickup', module: 'pickup', title: 'Pickup', layout: 'list', size: 'md' },
  { pattern: d.root.path, file: 'dashboard', module: 'dashboard/home', title: 'Dashboard', layout: 'dashboard' },
  {
    pattern: dash(d.orders.path),
    file: 'dashboard-orders',
    module: 'dashboard/orders',
    title: 'Orders',
    layout: 'dashboard',
  },
  {
    pattern: dash(d.orderDetail.path),
    file: 'dashboard-order',
    module: 'dashboard/order-detail',
    title: 'Order',
    layout: 'dashboard',
  },
  {
    pattern: dash(d.sales.path),
    file: 'dashboard-sales',
    module: 'dashboard/sales',
    title: 'Sales',
    layout: 'dashboard',
  },
  {
    pattern: dash(d.updateData.path),
    file: 'dashboard-update-data',
    module: 'dashboard/update-data',
    title: 'Update data',
    layout: 'dashboard',
  },
  {
    pattern: dash(d.addStaff.path),
    file: 'dashboard-add-staff',
    module: 'dashboard/add-staff',
    title: 'Add staff',
    layout: 'dashboard',
  },
  {
    pattern: dash(d.pickup.path),
    file: 'dashboard-pickup',
    module: 'dashboard/pickup',
    title: 'Pick up',
    layout: 'dashboard',
  },
  {
    pattern: dash(d.sell.path),
    file: 'dashboard-sell',
    module: 'dashboard/sell',
    title: 'Sell at the counter',
    layout: 'dashboard',
    // Drawn from the tablet's copies (features/sell/light), then the app at once.
    light: 'counter',
  },
  {
    pattern: dash(d.shift.path),
    file: 'dashboard-shift',
    module: 'dashboard/shift',
    title: 'Shift',
    layout: 'dashboard',
    // Drawn from the tablet's copies or the page's first reads (features/shift/light), then the app at once.
    light: 'shift',
  },
  // Home deliveries
  {
    pattern: dash(d.dispatch.path),
    file: 'dashboard-dispatch',
    module: 'dashboard/dispatch',
    title: 'Dispatch',
    layout: 'dashboard',
    // Drawn from the page's first reads (features/dispatch/light), then the app at once.
    light: 'dispatch',
  },
  {
    pattern: dash(d.myDeliveries.path),
    file: 'dashboard-deliveries',
    module: 'dashboard/deliveries',
    title: 'My deliveries',
    layout: 'dashboard',
  },
];

/** The shell of an app screen, or null for the public pages and unknown paths. */
export function shellFor(pathname: string): AppShell | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return appShells.find((shell) => matchPath({ path: shell.pattern, end: true }, path)) ?? null;
}
