// The staff tablet's screens without the app: the counter, the dispatch board and the shift
// screen, each drawn by its first view (features/*/light) in the dashboard shell's screen, then
// handed to the app at once. Their own file, loaded by their pages alone (main.tsx): a client's
// phone, whose first views are app/first-views/first-view.ts, never downloads them, and the
// worker keeps them with the staff code.
import type { Center } from '../../../domain/schemas/center';
import type { RunApp } from '../../components/first-view/html';
import { getAuth, handSignInToApp } from '../../features/auth/api/check-sign-in';
import { getCenters } from '../../features/centers/api/centers';
import { getBoard } from '../../features/dispatch/api/board';
import { boardAsksForApp, runBoard } from '../../features/dispatch/light/board-light';
import type { BoardPage } from '../../features/dispatch/light/board-view';
import { getCounterCatalogue } from '../../features/sell/api/counter-catalogue';
import { type CounterCopy, counterAsksForApp, readCounter, runCounter } from '../../features/sell/light/counter-light';
import { getActiveShift } from '../../features/shift/api/active-shift';
import { handNoPendingShiftActionsToApp } from '../../features/shift/lib/no-pending-shift-actions';
import { rememberCounterCenter } from '../../lib/early-reads';
import { countQueued } from '../../lib/saved-copies';
import { handBoardReadsToApp } from '../board-reads';
import { handCounterReadsToApp } from '../counter-reads';
import { startShift } from './shift-view';
import { dashboardScreen, handStaffViewToApp, staffMayOpen } from './staff-screen';

/** The staff's screens with a first view (app/shells/app-shells.ts, `light`). */
export type StaffView = 'counter' | 'dispatch' | 'shift';

export function startStaffView(view: StaffView, runApp: RunApp): Promise<void> {
  if (view === 'counter') return startCounter(runApp);
  if (view === 'dispatch') return startBoard(runApp);
  return startShift(runApp);
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

/** The gas centers, which name the board's center: none when they could not be read. */
const readCenters = (): Promise<readonly Center[] | undefined> => getCenters().catch(() => undefined);
