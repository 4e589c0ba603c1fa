import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../domain/schemas/payment';
import { orderFixture, productsFixture } from '../../features/orders/test/fixtures';
import { paymentView } from '../../features/payments/test/fixtures';
import { forgetNoPendingShiftActions } from '../../features/shift/lib/no-pending-shift-actions';
import { localDb } from '../../lib/local-db';
import { signedInAs } from '../../test/auth-fixtures';
import { lekkiCenter, twoCenters } from '../../test/center-fixtures';
import { type FakeRoutes, fakeApi } from '../../test/fake-api';
import { startFirstView } from './first-view';

// The pickup channel's transport (the journey in pickup.spec.ts runs the real one): what the view
// listens to, to hand a counter's request over.
const socketListeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../lib/socket', () => ({
  connectSocket: vi.fn(),
  disconnectSocket: vi.fn(),
  onServerEvent: (event: string, listener: (payload: unknown) => void) => {
    socketListeners.set(event, listener);
    return () => socketListeners.delete(event);
  },
}));

/** The shop's shell as the prerendered page has it: the neutral header and the screen waiting. */
function shell() {
  document.body.innerHTML = `<header data-enhance="site-header"><nav aria-label="Main">
<div data-nav="visitor" hidden><a href="/about">About us</a></div><div data-nav="client" hidden><a href="/products">Products</a></div>
<span data-nav-pending aria-hidden="true"></span>
<button type="button" disabled aria-label="Open menu" aria-expanded="false" data-menu-toggle></button>
<div data-menu hidden><div role="menu" aria-label="Menu" data-nav="client" hidden><a role="menuitem" href="/wallet">Wallet</a>
<button type="button" role="menuitem" data-logout>Logout</button></div></div></nav></header>
<main id="main"><div aria-busy="true"><h1>Order gas and products</h1></div></main>`;
}

beforeEach(async () => {
  socketListeners.clear();
  await localDb.orders.clear();
  localStorage.clear();
  shell();
});
afterEach(() => {
  document.body.innerHTML = '';
  forgetNoPendingShiftActions();
});

describe("a screen's first view", () => {
  it('signs the header in, draws the shop, and ends its own behaviour once the app has taken the page', async () => {
    const calls = fakeApi({
      'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(null) } },
      'GET product': { status: 200, body: { products: productsFixture } },
      'GET cylinder/user': { status: 200, body: { cylinders: [] } },
    });
    let started = () => {};
    const runApp = vi.fn(() => new Promise<void>((resolve) => (started = resolve)));
    await startFirstView('shop', runApp);
    expect(document.documentElement).toHaveAttribute('data-app-ready');
    expect(screen.getByRole('link', { name: 'Products' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'About us' })).toBeNull();
    expect(document.querySelector('[data-nav-pending]')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('menu', { name: 'Menu' })).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    started();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The app's header has a Logout of its own: this page's no longer answers it.
    await user.click(screen.getByRole('menuitem', { name: 'Logout', hidden: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.calls.filter((c) => c.path === 'auth/logout')).toEqual([]);
  });

  it("a counter's request hands the page to the app, and the page's own behaviour ends", async () => {
    const calls = fakeApi({
      'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(null) } },
      'GET order/client': { status: 200, body: { orders: [], pageSize: 10, nextCursor: null } },
    });
    const runApp = vi.fn(() => Promise.resolve());
    await startFirstView('history', runApp);
    // The channel opens once the page is idle.
    await vi.waitFor(() => expect(socketListeners.has('requestPickupConfirmation')).toBe(true), { timeout: 10_000 });
    socketListeners.get('requestPickupConfirmation')?.({});
    expect(runApp).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(socketListeners.has('requestPickupConfirmation')).toBe(false);
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Logout', hidden: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.calls.filter((c) => c.path === 'auth/logout')).toEqual([]);
  });

  it('hands the page to the app at once for a visitor, whom the app sends to sign in', async () => {
    fakeApi({
      'GET auth/cookie_auth': { status: 401, body: { message: 'Please sign in', status: 401, type: 'UnAuthorized' } },
      'GET product': { status: 200, body: { products: productsFixture } },
    });
    const runApp = vi.fn(() => Promise.resolve());
    await startFirstView('shop', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Gas refill' })).toBeNull();
  });

  it('hands the page to the app at once when there is nothing to show (no history on the network or the device)', async () => {
    fakeApi(
      { 'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(null) } } },
      { otherwise: { offline: true } },
    );
    const runApp = vi.fn(() => Promise.resolve());
    await startFirstView('history', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);
  });

  it('draws the wallet signed in; a client without a wallet, or an address naming a tab, gets the app at once', async () => {
    const wallet = {
      walletNumber: '4829301756',
      balance: 250_000,
      virtualAccount: { bankName: 'Wema Bank', accountNumber: '9123456780', accountName: 'ARRIVE/ADA OBI' },
      client: { firstname: 'Ada', lastname: 'Obi' },
    };
    const routes = (body: { wallet: typeof wallet | null }): FakeRoutes => ({
      'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(null) } },
      'GET wallet/client': { status: 200, body },
      'GET wallet/transactions': { status: 200, body: [] },
    });
    fakeApi(routes({ wallet }));
    const runApp = vi.fn(() => Promise.resolve());
    await startFirstView('wallet', runApp);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦2,500.00');
    expect(screen.getByRole('link', { name: 'Products' })).toBeVisible();
    expect(runApp).not.toHaveBeenCalled();

    shell();
    fakeApi(routes({ wallet: null }));
    await startFirstView('wallet', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);

    shell();
    const calls = fakeApi(routes({ wallet }));
    window.history.replaceState(null, '', '/wallet?tab=add-fund');
    await startFirstView('wallet', runApp);
    expect(runApp).toHaveBeenCalledTimes(2);
    expect(calls.calls).toEqual([]);
    window.history.replaceState(null, '', '/');
  });

  it('draws an order with the wallet and saved card it can be paid with; a refunded payment or a delivery on its way gets the app', async () => {
    const refunded = paymentView({
      status: 'success',
      refund: {
        status: 'processed',
        amount: 850_000,
        reason: 'paid another way',
        refundedAt: '2026-03-05T09:45:00.000Z',
      },
    });
    const routes = (order = orderFixture(), payments: PaymentView[] = []): FakeRoutes => ({
      'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(null) } },
      'GET order/:orderNumber': { status: 200, body: order },
      'GET wallet/client': { status: 200, body: { wallet: null } },
      'GET payment/usable': {
        status: 200,
        body: { card: { bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' } },
      },
      'GET payment/order/:orderNumber': { status: 200, body: payments },
      'GET centers': { status: 200, body: { centers: twoCenters } },
    });
    window.history.replaceState(null, '', '/order/ARV-7K2M9Q');
    fakeApi(routes(orderFixture({ centerId: lekkiCenter.id, centerName: lekkiCenter.name })));
    const runApp = vi.fn(() => Promise.resolve());
    await startFirstView('order', runApp);
    expect(runApp).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Order ARV-7K2M9Q', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with card ending 4081' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create a wallet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toBeVisible();
    // Where it is collected, with the center's address and hours from the centers list.
    expect(
      screen.getByText('Collect at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00'),
    ).toBeInTheDocument();

    shell();
    fakeApi(routes(orderFixture(), [refunded]));
    await startFirstView('order', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);

    shell();
    fakeApi(routes(orderFixture({ deliveryOption: 'HomeDelivery', status: 'Paid' })));
    await startFirstView('order', runApp);
    expect(runApp).toHaveBeenCalledTimes(2);
    window.history.replaceState(null, '', '/');
  });
});
