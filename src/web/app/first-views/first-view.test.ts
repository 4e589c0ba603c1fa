import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../../domain/schemas/auth';
import type { DispatchBoard } from '../../../domain/schemas/delivery';
import type { PaymentView } from '../../../domain/schemas/payment';
import type { Shift } from '../../../domain/schemas/shift';
import { dispatchDelivery } from '../../features/dispatch/test/fixtures';
import { orderFixture, productsFixture } from '../../features/orders/test/fixtures';
import { paymentView } from '../../features/payments/test/fixtures';
import {
  forgetNoPendingShiftActions,
  noPendingShiftActionsAtStart,
} from '../../features/shift/lib/no-pending-shift-actions';
import { localDb } from '../../lib/local-db';
import { salesAssociate, signedInAs } from '../../test/auth-fixtures';
import { lekkiCenter, twoCenters } from '../../test/center-fixtures';
import { type FakeRoutes, fakeApi } from '../../test/fake-api';
import { takeBoardReadsFromFirstView } from '../board-reads';
import { takeCounterReadsFromFirstView } from '../counter-reads';
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

  describe('the counter on a tablet holding no copy of it (its first opening)', () => {
    const CENTER = '0f5b9f7e-2f1d-4c55-9a0e-1b2c3d4e5f60';
    const onShift = { ...salesAssociate, shift: { id: 'sh1', workingNow: true } };
    const shift: Shift = {
      id: 'sh1',
      staffId: 's1',
      centerId: CENTER,
      staffName: 'Chidi Eze',
      startedAt: '2026-03-05T08:00:00.000Z',
      endedAt: null,
      workingNow: true,
      openingFloat: 0,
      closingCash: null,
      sales: { Cash: 0, Electronic: 0, Wallet: 0, orders: 0 },
      cashSales: 0,
      cashRefunds: 0,
      expectedCash: 0,
      variance: null,
    };
    /** The dashboard shell's counter page: its screen waiting under the page's heading. */
    const counterShell = () => {
      document.body.innerHTML =
        '<main id="main"><div aria-busy="true"><div><h1>Sell at the counter</h1></div><p role="status">Loading</p></div></main>';
    };

    it("draws the counter from the network's answers, keeps them on the tablet and hands them to the app", async () => {
      counterShell();
      const asked: string[] = [];
      fakeApi({
        'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(onShift) } },
        'GET shift/active': { status: 200, body: { shift } },
        'GET product': (request) => {
          asked.push(request.query.toString());
          return { status: 200, body: { products: productsFixture, priceVersion: 4 } };
        },
      });
      const runApp = vi.fn(() => Promise.resolve());
      await startFirstView('counter', runApp);
      const adds = screen.getAllByRole('button', { name: /^Add / }).filter((b) => b.hasAttribute('data-add'));
      expect(adds.length).toBeGreaterThan(0);
      expect(document.documentElement.hasAttribute('data-app-ready')).toBe(true);
      expect(asked).toEqual([`center=${CENTER}`]);
      expect(localStorage.getItem('arrive.counter-center')).toBe(CENTER);
      const handed = takeCounterReadsFromFirstView();
      expect(handed?.shift.data?.id).toBe('sh1');
      expect(handed?.centerId).toBe(CENTER);
      expect(handed?.catalogue.data.priceVersion).toBe(4);
      // The app runs at once, once the counter is on screen.
      await vi.waitFor(() => expect(runApp).toHaveBeenCalledTimes(1));
      document.documentElement.removeAttribute('data-app-ready');
    });

    it.each([
      ['off shift', signedInAs(salesAssociate), { shift: null }],
      ['a rider (no counter for the role)', signedInAs({ ...onShift, role: 'Delivery Person' }), { shift }],
      ['signed out', null, { shift: null }],
    ] as const)('leaves it to the app at once, drawing nothing, for someone %s', async (_, auth, active) => {
      counterShell();
      fakeApi({
        'GET auth/cookie_auth': auth
          ? { status: 200, body: { auth } }
          : { status: 401, body: { message: 'Please sign in', status: 401, type: 'UnAuthorized' } },
        'GET shift/active': { status: 200, body: active },
        'GET product': { status: 200, body: { products: productsFixture, priceVersion: 4 } },
      });
      const runApp = vi.fn(() => Promise.resolve());
      await startFirstView('counter', runApp);
      expect(runApp).toHaveBeenCalledTimes(1);
      expect(document.querySelector('button[data-add]')).toBeNull();
      expect(takeCounterReadsFromFirstView()).toBeNull();
    });
  });
  describe('the dispatch board on a tablet opening it cold', () => {
    const onShift = { ...salesAssociate, shift: { id: 'sh1', workingNow: true } };
    const waiting = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        dispatchDelivery({
          id: `d${i}`,
          orderNumber: `ARV-${String(i).padStart(6, '0')}`,
          status: 'Pending',
          carrierClientId: null,
          carrierName: null,
          vehicle: null,
          centerId: lekkiCenter.id,
        }),
      );
    const board: DispatchBoard = {
      deliveries: waiting(6),
      riders: [],
      centerId: lekkiCenter.id,
      mayChooseCenter: false,
    };
    /** The dashboard shell's board page: its screen waiting under the page's heading. */
    const boardShell = () => {
      document.body.innerHTML =
        '<main id="main"><div aria-busy="true"><div><h1>Dispatch</h1></div><p role="status">Loading</p></div></main>';
    };
    const lane = () => document.querySelector('section[aria-labelledby="dispatch-waiting-for-a-rider"]');
    /** The board's page as it starts, the server answering the sign-in check (signed out: null). */
    const openBoard = async (auth: AuthObject | null) => {
      boardShell();
      fakeApi({
        'GET auth/cookie_auth': auth
          ? { status: 200, body: { auth } }
          : { status: 401, body: { message: 'Please sign in', status: 401, type: 'UnAuthorized' } },
        'GET delivery/board': { status: 200, body: board },
        'GET centers': { status: 200, body: { centers: twoCenters } },
      });
      const runApp = vi.fn(() => Promise.resolve());
      await startFirstView('dispatch', runApp);
      return runApp;
    };

    it("draws every card from the network's answers, hands them to the app and runs it at once", async () => {
      const runApp = await openBoard(signedInAs(onShift));
      expect(document.documentElement.hasAttribute('data-app-ready')).toBe(true);
      expect(screen.getByRole('heading', { name: 'Dispatch', level: 1 })).toBeInTheDocument();
      expect(screen.getByText(lekkiCenter.name)).toBeInTheDocument();
      expect(lane()?.querySelectorAll('article')).toHaveLength(6);
      // The first screenful's cards with their controls, as the app draws them at first.
      expect(screen.getAllByRole('button', { name: 'Assign' })).toHaveLength(4);
      expect(document.querySelector('[aria-busy]')).toBeNull();
      const handed = takeBoardReadsFromFirstView();
      expect(handed?.board.deliveries).toHaveLength(6);
      expect(handed?.centers).toEqual(twoCenters);
      // Nothing waits to sync: the app's first drawing is the board, not a loading frame.
      expect(noPendingShiftActionsAtStart()).toBe(true);
      await vi.waitFor(() => expect(runApp).toHaveBeenCalledTimes(1));
      document.documentElement.removeAttribute('data-app-ready');
    });

    it('leaves it to the app while something waits to sync on the tablet (a shift ended offline)', async () => {
      await localDb.pendingActions.add({
        id: 'p1',
        kind: 'shift-end',
        status: 'pending',
        createdAt: Date.now(),
        payload: {},
      } as never);
      const runApp = await openBoard(signedInAs(onShift));
      expect(runApp).toHaveBeenCalledTimes(1);
      expect(document.querySelector('article')).toBeNull();
      expect(noPendingShiftActionsAtStart()).toBe(false);
      await localDb.pendingActions.clear();
    });

    it.each([
      ['off shift', signedInAs(salesAssociate)],
      ['a rider (the board is not for the role)', signedInAs({ ...onShift, role: 'Delivery Person' })],
      ['no longer on the staff', signedInAs({ ...onShift, isCurrentStaff: false })],
      ['signed out', null],
    ] as const)('leaves it to the app at once, drawing nothing, for someone %s', async (_, auth) => {
      const runApp = await openBoard(auth);
      expect(runApp).toHaveBeenCalledTimes(1);
      expect(document.querySelector('article')).toBeNull();
      expect(document.documentElement.hasAttribute('data-app-ready')).toBe(false);
      expect(takeBoardReadsFromFirstView()).toBeNull();
    });

    it("leaves another center's board, named in the address, to the app", async () => {
      boardShell();
      window.history.replaceState(null, '', `/dashboard/dispatch?center=${lekkiCenter.id}`);
      const calls = fakeApi({ 'GET auth/cookie_auth': { status: 200, body: { auth: signedInAs(onShift) } } });
      const runApp = vi.fn(() => Promise.resolve());
      await startFirstView('dispatch', runApp);
      expect(runApp).toHaveBeenCalledTimes(1);
      expect(calls.calls.filter((c) => c.path === 'delivery/board')).toEqual([]);
      window.history.replaceState(null, '', '/');
    });
  });
});
