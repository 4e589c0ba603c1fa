import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../../domain/schemas/auth';
import type { DispatchBoard } from '../../../domain/schemas/delivery';
import type { Shift } from '../../../domain/schemas/shift';
import { dispatchDelivery } from '../../features/dispatch/test/fixtures';
import { productsFixture } from '../../features/orders/test/fixtures';
import {
  forgetNoPendingShiftActions,
  noPendingShiftActionsAtStart,
} from '../../features/shift/lib/no-pending-shift-actions';
import { localDb } from '../../lib/local-db';
import { salesAssociate, signedInAs } from '../../test/auth-fixtures';
import { lekkiCenter, twoCenters } from '../../test/center-fixtures';
import { fakeApi } from '../../test/fake-api';
import { takeBoardReadsFromFirstView } from '../board-reads';
import { takeCounterReadsFromFirstView } from '../counter-reads';
import { startStaffView } from './staff-view';

// The staff tablet's counter and dispatch board drawn without the app (the shift screen's view:
// shift-view.test.ts).

beforeEach(async () => {
  await localDb.pendingActions.clear();
  localStorage.clear();
});
afterEach(() => {
  document.body.innerHTML = '';
  forgetNoPendingShiftActions();
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
    await startStaffView('counter', runApp);
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
    await startStaffView('counter', runApp);
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
    await startStaffView('dispatch', runApp);
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
    await startStaffView('dispatch', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(calls.calls.filter((c) => c.path === 'delivery/board')).toEqual([]);
    window.history.replaceState(null, '', '/');
  });
});
