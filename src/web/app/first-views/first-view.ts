// The shop, the history, an order and the wallet without the app, until the client needs it. A
// signed-in client lands on one of them, and the app's code (React, the router, Mantine, all
// before any screen) takes seconds on a 2G phone before the first tap is answered.
// A first view, a few kilobytes, signs the header in, draws the screen (features/*/light) and
// hands the page to the app when the screen asks for it, or at once when it cannot answer itself:
// no sign-in (the app's guard sends the visitor to sign in and back), or no data on the network or
// the device (the app says why).
import type { AuthObject } from '../../../domain/schemas/auth';
import type { Center } from '../../../domain/schemas/center';
import type { RunApp } from '../../components/first-view/html';
import { getAuth, handSignInToApp } from '../../features/auth/api/check-sign-in';
import { getCenters } from '../../features/centers/api/centers';
import { getBoard } from '../../features/dispatch/api/board';
import { boardAsksForApp, runBoard } from '../../features/dispatch/light/board-light';
import type { BoardPage } from '../../features/dispatch/light/board-view';
import { enhanceSiteHeader } from '../../features/marketing/enhance/site-header';
import { pushOfferWouldShow } from '../../features/notifications/lib/push';
import { getOrder } from '../../features/orders/api/client-orders';
import { readHistory, runHistory } from '../../features/orders/light/history-light';
import { type OrderPage, orderAsksForApp, orderNumberIn, runOrder } from '../../features/orders/light/order-light';
import { readCatalogue, runShop } from '../../features/orders/light/shop-light';
import { getOrderPayments, getUsableCard } from '../../features/payments/api/client-payments';
import { getCounterCatalogue } from '../../features/sell/api/counter-catalogue';
import { type CounterCopy, counterAsksForApp, readCounter, runCounter } from '../../features/sell/light/counter-light';
import { getActiveShift } from '../../features/shift/api/active-shift';
import { handNoPendingShiftActionsToApp } from '../../features/shift/lib/no-pending-shift-actions';
import { getClientWallet, handWalletReadToApp } from '../../features/wallet/api/client-wallet';
import { readWallet, runWallet, walletAddressAsksForApp } from '../../features/wallet/light/wallet-light';
import { rememberCounterCenter } from '../../lib/early-reads';
import { registerServiceWorkerWhenIdle } from '../../lib/pwa';
import { countQueued, loadSavedCopies } from '../../lib/saved-copies';
import { handBoardReadsToApp } from '../board-reads';
import { checkoutWalletFrom } from '../checkout-wallet';
import { handCounterReadsToApp } from '../counter-reads';
import { handleLogout, showNavigationFor } from '../layouts/signed-in-header';
import { startShift } from './shift-view';
import { dashboardScreen, handStaffViewToApp, staffMayOpen } from './staff-screen';

/** The screens with a first view (app/shells/app-shells.ts, `light`). */
export type FirstView = 'shop' | 'history' | 'order' | 'wallet' | 'counter' | 'dispatch' | 'shift';

export async function startFirstView(view: FirstView, runApp: RunApp): Promise<void> {
  if (view === 'counter') return startCounter(runApp);
  if (view === 'dispatch') return startBoard(runApp);
  if (view === 'shift') return startShift(runApp);
  const header = document.querySelector<HTMLElement>('header[data-enhance="site-header"]');
  const screen = document.querySelector<HTMLElement>('#main > [aria-busy="true"]');
  if (!header || !screen) return runApp();
  const signedIn = (auth: AuthObject | null): auth is AuthObject => Boolean(auth?.isLogin);
  // What this page does until the app takes it: ended once the app has started, whoever asked for
  // it (the screen, or a counter's request), so nothing of it answers the app's own controls.
  const cleanups: (() => void)[] = [];
  let handedOver = false;
  // The pickup channel this page opened, closed as the app takes over: the app's listener connects
  // again, and is sent every request still waiting (one made meanwhile included).
  let closeChannel = () => {};
  const handOver: RunApp = () => {
    if (!handedOver) closeChannel();
    handedOver = true;
    return runApp().then(() => {
      for (const cleanup of cleanups.splice(0)) cleanup();
    });
  };
  const signHeaderIn = (auth: AuthObject) => {
    handSignInToApp(auth);
    showNavigationFor(header, auth);
    cleanups.push(enhanceSiteHeader(header), handleLogout(), followDeviceScheme());
  };
  if (view === 'shop') {
    const [auth, catalogue] = (await Promise.all([getAuth(), readCatalogue()]).catch(() => null)) ?? [null, null];
    if (!signedIn(auth) || !catalogue) return runApp();
    signHeaderIn(auth);
    runShop({ screen, clientId: auth.clientId, catalogue, runApp: handOver, cleanups });
  } else if (view === 'history') {
    const [auth, first] = (await Promise.all([getAuth(), readHistory()]).catch(() => null)) ?? [null, null];
    if (!signedIn(auth) || !first) return runApp();
    signHeaderIn(auth);
    runHistory({ screen, first, runApp: handOver, cleanups });
  } else if (view === 'order') {
    const orderNumber = orderNumberIn(window.location.pathname);
    const read = () => readOrderPage(orderNumber);
    const [auth, page] = (await Promise.all([getAuth(), read()]).catch(() => null)) ?? [null, null];
    if (!signedIn(auth) || !page) return runApp();
    signHeaderIn(auth);
    runOrder({ screen, page, clientId: auth.clientId ?? null, read, runApp: handOver, cleanups });
  } else {
    // A tab or a top-up amount in the address, or no wallet yet (its create flow): the app's.
    if (walletAddressAsksForApp(window.location.search)) return runApp();
    const [auth, read] = (await Promise.all([getAuth(), readWallet()]).catch(() => null)) ?? [null, null];
    const wallet = read?.wallet;
    if (!signedIn(auth) || !read || !wallet?.data.wallet) {
      // No wallet yet: the create flow is the app's, which need not ask again.
      if (signedIn(auth) && wallet) handWalletReadToApp(wallet);
      return runApp();
    }
    signHeaderIn(auth);
    runWallet({
      screen,
      wallet: { ...wallet, data: { wallet: wallet.data.wallet } },
      transactions: read.transactions,
      runApp: handOver,
      cleanups,
    });
  }
  // Browser journeys wait for this mark before they use the page; `npm run audit` times it.
  document.documentElement.setAttribute('data-app-ready', '');
  performance.mark('arrive:interactive');
  registerServiceWorkerWhenIdle(() => {
    // As the app does after its first screen: the local database's code, which takes the copies
    // this page kept aside meanwhile (lib/saved-copies.ts), so they are there offline.
    void loadSavedCopies();
    if (handedOver) return;
    void listenForPickups(handOver).then((close) => {
      if (handedOver) close();
      else closeChannel = close;
    });
  });
}

/**
 * The staff tablet's counter, drawn from this device's copies (or, holding none, from the
 * network's answers) in the dashboard shell's screen, then the app at once: the view is what the
 * till shows while the app's code starts, not a screen that waits to be asked for the app
 * (features/sell/light).
 */
async function startCounter(runApp: RunApp): Promise<void> {
  const { shell, screen } = dashboardScreen();
  if (!shell || !screen) return runApp();
  // Side by side: each is a read of the device's database.
  const [asksForApp, kept] = await Promise.all([
    counterAsksForApp().catch(() => true),
    readCounter().catch(() => null),
  ]);
  if (asksForApp) return runApp();
  // Nothing is waiting to sync (counterAsksForApp): the dashboard need not wait to read the queue.
  handNoPendingShiftActionsToApp();
  // No copy on this tablet (its first opening, or after a sign-out): the same counter from the
  // network, read as the page started, while the app's code (seconds on a slow link) comes.
  const copy = kept ?? (await readCounterFromNetwork().catch(() => null));
  if (!copy) return runApp();
  // Asked for once: a tap on a control of the app's while it starts asks again, harmlessly.
  const handOver: RunApp = () => runApp().catch(() => undefined);
  runCounter({ screen, copy, runApp: handOver });
  handStaffViewToApp(shell, handOver);
}

/**
 * The dispatch board, drawn from the network's answers that the page asked for as it started (the
 * board of the shift's center, the centers) in the dashboard shell's screen, then the app at once,
 * as the counter's (features/dispatch/light).
 */
async function startBoard(runApp: RunApp): Promise<void> {
  const { shell, screen } = dashboardScreen();
  if (!shell || !screen || boardAsksForApp(window.location.search)) return runApp();
  const page = await readBoardFromNetwork().catch(() => null);
  if (!page) return runApp();
  const handOver: RunApp = () => runApp().catch(() => undefined);
  runBoard({ screen, page, runApp: handOver });
  handStaffViewToApp(shell, handOver);
}

/**
 * The board of the shift's center as the server gives it now, when the signed-in member may
 * dispatch and is on a shift (the dashboard's guard would show it), with the centers that name
 * it; the answers are handed to the app. Null when the app must decide: signed out, not current
 * staff, no shift, a role that does not dispatch, something waiting to sync, or offline.
 */
async function readBoardFromNetwork(): Promise<BoardPage | null> {
  const [auth, board, centers, queued] = await Promise.all([
    getAuth(),
    getBoard(),
    readCenters(),
    countQueued().catch(() => 1),
  ]);
  const staff = auth?.isLogin ? auth.client.staff : null;
  if (!auth || !staffMayOpen(staff, 'dispatch') || !staff.shift?.workingNow) return null;
  // Sales or shift actions waiting to sync: the app says what they change (a shift ended offline).
  if (queued > 0) return null;
  const updatedAt = Date.now();
  handSignInToApp(auth);
  handNoPendingShiftActionsToApp();
  handBoardReadsToApp({ board, updatedAt, centers: centers ? [...centers] : undefined });
  return { board, centers: centers ?? [], updatedAt };
}

/**
 * The counter as the server gives it now, when the signed-in member may sell and is on a shift at
 * the counter (the dashboard's guard would show it): the shift, then its center's catalogue, each
 * kept on the tablet as the app keeps them and handed to the app. Null when the app must decide:
 * signed out, not current staff, no shift, a role that does not sell, offline, or nothing to sell.
 */
async function readCounterFromNetwork(): Promise<CounterCopy | null> {
  const [auth, shift] = await Promise.all([getAuth(), getActiveShift()]);
  const staff = auth?.isLogin ? auth.client.staff : null;
  if (!auth || !staffMayOpen(staff, 'sell') || !staff.shift?.workingNow) return null;
  if (shift.fromCache || !shift.data) return null;
  const centerId = shift.data.centerId ?? null;
  const catalogue = await getCounterCatalogue(centerId);
  if (catalogue.fromCache || catalogue.data.products.length === 0) return null;
  rememberCounterCenter(centerId);
  handSignInToApp(auth);
  handCounterReadsToApp({ shift, centerId, catalogue });
  return { products: catalogue.data.products };
}

/** The gas centers, read once for the page (they seldom change): none when they could not be read. */
let centersRead: readonly Center[] | undefined;
async function readCenters(): Promise<readonly Center[] | undefined> {
  centersRead ??= await getCenters().catch(() => undefined);
  return centersRead;
}

/**
 * An order's page as its first view draws it: the order, the wallet and the saved card it offers
 * to pay with, and the gas centers (as the app's order route reads them), or null when the app must draw it: a home
 * delivery on its way (its live delivery card), a card payment of the order refunded (the app's
 * refund notice explains it), or a paid order on a device where the app would offer push (the
 * offer, once: after "Not now" or a decision, or on a server without push, the view draws paid
 * orders too). A failed wallet or card read leaves those ways to pay out, as the app does.
 */
async function readOrderPage(orderNumber: string): Promise<OrderPage | null> {
  const [order, wallet, card, payments, centers] = await Promise.all([
    getOrder(orderNumber),
    getClientWallet().catch(() => null),
    getUsableCard().catch(() => null),
    getOrderPayments(orderNumber).catch(() => []),
    readCenters(),
  ]);
  if (orderAsksForApp(order.data) || payments.some((payment) => payment.refund)) return null;
  if (order.data.status === 'Paid' && (await pushOfferWouldShow())) return null;
  return { order, wallet: checkoutWalletFrom(wallet), card: card?.card ?? null, centers };
}

/**
 * A counter's request to confirm a hand-over reaches the client wherever they are, here too (the
 * app's pickup listener, features/pickup): the pickup channel opens once the page is idle, and a
 * request hands the page to the app. Resolves to what closes the channel.
 */
async function listenForPickups(handOver: RunApp): Promise<() => void> {
  try {
    const { connectSocket, disconnectSocket, onServerEvent } = await import('../../lib/socket');
    const stop = onServerEvent('requestPickupConfirmation', () => void handOver());
    connectSocket();
    return () => {
      stop();
      disconnectSocket();
    };
  } catch {
    // No channel (its code could not be fetched): the app's listener tries again once it runs.
    return () => {};
  }
}

/**
 * The colour scheme follows the device's while the client has not picked one in Settings, as the
 * app's provider does (the page's inline script set it at the start).
 */
function followDeviceScheme(): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let picked: string | null = null;
    try {
      picked = localStorage.getItem('mantine-color-scheme-value');
    } catch {
      // no storage: the device decides
    }
    if (picked === 'light' || picked === 'dark') return;
    document.documentElement.setAttribute('data-mantine-color-scheme', media.matches ? 'dark' : 'light');
  };
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
