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
import { enhanceSiteHeader } from '../../features/marketing/enhance/site-header';
import { pushOfferWouldShow } from '../../features/notifications/lib/push';
import { getOrder } from '../../features/orders/api/client-orders';
import { readHistory, runHistory } from '../../features/orders/light/history-light';
import { type OrderPage, orderAsksForApp, orderNumberIn, runOrder } from '../../features/orders/light/order-light';
import { readCatalogue, runShop } from '../../features/orders/light/shop-light';
import { getOrderPayments, getUsableCard } from '../../features/payments/api/client-payments';
import { getClientWallet, handWalletReadToApp } from '../../features/wallet/api/client-wallet';
import { readWallet, runWallet, walletAddressAsksForApp } from '../../features/wallet/light/wallet-light';
import { registerServiceWorkerWhenIdle } from '../../lib/pwa';
import { loadSavedCopies } from '../../lib/saved-copies';
import { checkoutWalletFrom } from '../checkout-wallet';
import { handleLogout, showNavigationFor } from '../layouts/signed-in-header';

/** The client's screens with a first view (app/shells/app-shells.ts, `light`; the staff's: staff-view.ts). */
export type FirstView = 'shop' | 'history' | 'order' | 'wallet';

export async function startFirstView(view: FirstView, runApp: RunApp): Promise<void> {
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
