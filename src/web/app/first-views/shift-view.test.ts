import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_SHIFT_CACHE_KEY } from '../../features/shift/api/active-shift';
import { TODAY_SHIFTS_CACHE_KEY } from '../../features/shift/api/today-shifts';
import {
  forgetNoPendingShiftActions,
  noPendingShiftActionsAtStart,
} from '../../features/shift/lib/no-pending-shift-actions';
import { STAFF_AUTH_KEY } from '../../features/shift/light/shift-light';
import { forgetTablet, shiftFixture } from '../../features/shift/test/fixtures';
import { localDb } from '../../lib/local-db';
import { getCached, putCached } from '../../lib/saved-copies';
import { salesAssociate, signedInAs } from '../../test/auth-fixtures';
import { ikejaCenter, twoCenters } from '../../test/center-fixtures';
import { fakeApi } from '../../test/fake-api';
import { takeShiftReadsFromFirstView } from '../shift-reads';
import { startStaffView } from './staff-view';

const shift = shiftFixture({ centerId: ikejaCenter.id });
const onShift = signedInAs({ ...salesAssociate, shift: { id: 'sh1', workingNow: true } });

/** The dashboard shell's shift page: its screen waiting under the page's heading. */
const shiftShell = () => {
  document.body.innerHTML =
    '<main id="main"><div aria-busy="true"><div><h1>Shift</h1></div><p role="status">Loading</p></div></main>';
};

const drawn = () => document.querySelector('[data-shift-view]');

beforeEach(async () => {
  await forgetTablet();
  takeShiftReadsFromFirstView();
  shiftShell();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  forgetNoPendingShiftActions();
  document.documentElement.removeAttribute('data-app-ready');
  // As the app's shift screen would: a view's hand-over ends once the app's form is drawn.
  document.body.innerHTML = '<main id="main"><h1>Shift</h1><form></form></main>';
  await Promise.resolve();
  document.body.innerHTML = '';
});

describe("the shift screen's first view", () => {
  it("draws the shift from the network's answers on a tablet holding no copy, and hands them to the app", async () => {
    const { calls } = fakeApi({
      'GET auth/cookie_auth': { status: 200, body: { auth: onShift } },
      'GET shift/active': { status: 200, body: { shift } },
      'GET shift/today': { status: 200, body: [shift] },
      'GET centers': { status: 200, body: { centers: twoCenters } },
    });
    const runApp = vi.fn(() => Promise.resolve());
    await startStaffView('shift', runApp);
    expect(screen.getByRole('heading', { name: 'You are on shift' })).toBeInTheDocument();
    expect(screen.getByText('At Arrive Gas Center')).toBeInTheDocument();
    expect(screen.getByLabelText(/Cash counted in the drawer/)).toBeEnabled();
    expect(document.documentElement.hasAttribute('data-app-ready')).toBe(true);
    expect(document.querySelector('[role="status"]')).toBeNull();
    const handed = takeShiftReadsFromFirstView();
    expect(handed?.shift?.data?.id).toBe('sh1');
    expect(handed?.today?.data.map((s) => s.id)).toEqual(['sh1']);
    expect(handed?.centers).toEqual(twoCenters);
    // Nothing waits to sync: the app's first drawing is the shift screen, not a loading frame.
    expect(noPendingShiftActionsAtStart()).toBe(true);
    // Kept for the next opening.
    await vi.waitFor(async () => expect((await getCached('shift', 'centers'))?.value).toEqual(twoCenters));
    // Each read once: the page's own.
    expect(calls.filter((c) => c.path === 'shift/active')).toHaveLength(1);
    // The app runs at once, once the screen is on it.
    await vi.waitFor(() => expect(runApp).toHaveBeenCalledTimes(1));
  });

  it("draws the shift from the tablet's copies, with the centers the page read", async () => {
    await putCached('shift', STAFF_AUTH_KEY, onShift);
    await putCached('shift', ACTIVE_SHIFT_CACHE_KEY, shift);
    await putCached('shift', TODAY_SHIFTS_CACHE_KEY, [shift]);
    const { calls } = fakeApi({ 'GET centers': { status: 200, body: { centers: twoCenters } } });
    const runApp = vi.fn(() => Promise.resolve());
    await startStaffView('shift', runApp);
    expect(screen.getByRole('heading', { name: 'You are on shift' })).toBeInTheDocument();
    expect(screen.getByText('At Arrive Gas Center')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['centers']);
    expect(takeShiftReadsFromFirstView()).toEqual({ centers: twoCenters });
    await vi.waitFor(() => expect(runApp).toHaveBeenCalledTimes(1));
  });

  it('names the center from the names the tablet kept, without waiting for the network', async () => {
    await putCached('shift', STAFF_AUTH_KEY, onShift);
    await putCached('shift', ACTIVE_SHIFT_CACHE_KEY, shift);
    await putCached('shift', TODAY_SHIFTS_CACHE_KEY, [shift]);
    await putCached('shift', 'centers', twoCenters);
    // The network's answer never comes.
    fakeApi({ 'GET centers': () => new Promise(() => {}) });
    await startStaffView(
      'shift',
      vi.fn(() => Promise.resolve()),
    );
    expect(screen.getByText('At Arrive Gas Center')).toBeInTheDocument();
  });

  it.each([
    ['off shift', onShift, { shift: null }],
    ['a member no longer on the staff', signedInAs({ ...salesAssociate, isCurrentStaff: false }), { shift }],
    ['signed out', null, { shift: null }],
  ] as const)('leaves it to the app at once, drawing nothing, for someone %s', async (_, auth, active) => {
    fakeApi({
      'GET auth/cookie_auth': auth
        ? { status: 200, body: { auth } }
        : { status: 401, body: { message: 'Please sign in', status: 401, type: 'UnAuthorized' } },
      'GET shift/active': { status: 200, body: active },
      'GET shift/today': { status: 200, body: [] },
      'GET centers': { status: 200, body: { centers: twoCenters } },
    });
    const runApp = vi.fn(() => Promise.resolve());
    await startStaffView('shift', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(drawn()).toBeNull();
    expect(document.documentElement.hasAttribute('data-app-ready')).toBe(false);
    // Signed in, the app need not ask again for what the page read.
    expect(Boolean(takeShiftReadsFromFirstView()?.shift)).toBe(auth !== null);
  });

  it('leaves it to the app at once while actions wait to sync on the tablet, or offline', async () => {
    await putCached('shift', STAFF_AUTH_KEY, onShift);
    await putCached('shift', ACTIVE_SHIFT_CACHE_KEY, shift);
    await putCached('shift', TODAY_SHIFTS_CACHE_KEY, [shift]);
    await localDb.pendingActions.add({
      id: 'p1',
      kind: 'shift.end',
      status: 'pending',
      createdAt: Date.now(),
      payload: {},
    } as never);
    fakeApi({ 'GET centers': { status: 200, body: { centers: twoCenters } } });
    const runApp = vi.fn(() => Promise.resolve());
    await startStaffView('shift', runApp);
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(drawn()).toBeNull();
    expect(noPendingShiftActionsAtStart()).toBe(false);

    await localDb.pendingActions.clear();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await startStaffView('shift', runApp);
    expect(runApp).toHaveBeenCalledTimes(2);
    expect(drawn()).toBeNull();
    vi.restoreAllMocks();
  });
});
