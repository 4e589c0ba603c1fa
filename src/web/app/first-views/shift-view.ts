// The staff's shift screen without the app, for a member on shift: drawn from this tablet's copies
// (or, holding none, from the network's answers the page asked for as it loaded) in the dashboard
// shell's screen, then the app at once (features/shift/light). Any other state (off shift, a role
// without the screen, actions waiting to sync, offline) is the app's from the start.
import type { Center } from '../../../domain/schemas/center';
import type { RunApp } from '../../components/first-view/html';
import { getAuth, handSignInToApp } from '../../features/auth/api/check-sign-in';
import { getCenters } from '../../features/centers/api/centers';
import { getActiveShift } from '../../features/shift/api/active-shift';
import { getTodayShifts } from '../../features/shift/api/today-shifts';
import { handNoPendingShiftActionsToApp } from '../../features/shift/lib/no-pending-shift-actions';
import { readShift, runShift, shiftAsksForApp } from '../../features/shift/light/shift-light';
import type { ShiftPage } from '../../features/shift/light/shift-view';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { getCached, putCached } from '../../lib/saved-copies';
import { handShiftReadsToApp } from '../shift-reads';
import { dashboardScreen, handStaffViewToApp, staffMayOpen } from './staff-screen';

/** How long a tablet drawing from its copies waits for the centers' names when it keeps none. */
const CENTERS_WAIT_MS = 1000;
/** Where the tablet keeps the centers' names this view read (the staff table: cleared on logout). */
const CENTERS_COPY_KEY = 'centers';

/**
 * Starts as the page does (main.tsx), before the shell's first paint: the view's reads overlap it.
 * The app, when the screen is the app's, still waits for that paint, as on any other screen.
 */
export async function startShift(runApp: RunApp): Promise<void> {
  const appAfterPaint = () =>
    new Promise<void>((resolve, reject) => afterFirstPaint(() => void runApp().then(resolve, reject)));
  const { shell, screen } = dashboardScreen();
  // Offline the app says so, and draws the copies with their age.
  if (!shell || !screen || navigator.onLine === false) return appAfterPaint();
  const centers = readCenters();
  // Side by side: each is a read of the device's database.
  const [asksForApp, kept, keptCenters] = await Promise.all([
    shiftAsksForApp().catch(() => true),
    readShift().catch(() => null),
    centers.kept,
  ]);
  if (asksForApp) return appAfterPaint();
  // Nothing is waiting to sync (shiftAsksForApp): the dashboard need not wait to read the queue.
  handNoPendingShiftActionsToApp();
  const page =
    kept && staffMayOpen(kept.auth.client.staff, 'shift')
      ? { ...kept.page, centers: kept.page.shift.centerId ? (keptCenters ?? (await centers.soon())) : undefined }
      : // No copy on this tablet (its first opening, or after a sign-out): the same screen from the
        // network, read as the page started, while the app's code (seconds on a slow link) comes.
        await readShiftFromNetwork(centers.read).catch(() => null);
  if (!page) return appAfterPaint();
  // Asked for once: a tap on a control of the app's while it starts asks again, harmlessly.
  const handOver: RunApp = () => runApp().catch(() => undefined);
  runShift({ screen, page, runApp: handOver });
  handStaffViewToApp(shell, handOver);
}

/**
 * The gas centers' names, to say which the shift is at: as this tablet kept them, and as the page
 * asked for them (kept for the next opening, and handed to the app, which then need not ask
 * again). `soon` is that answer, or none if it does not come in time.
 */
function readCenters() {
  const read = getCenters().then(
    (list) => {
      handShiftReadsToApp({ centers: list });
      void putCached('shift', CENTERS_COPY_KEY, list).catch(() => undefined);
      return list;
    },
    () => undefined,
  );
  const kept = getCached<Center[]>('shift', CENTERS_COPY_KEY).then(
    (copy) => (Array.isArray(copy?.value) ? copy.value : undefined),
    () => undefined,
  );
  const soon = () =>
    Promise.race([read, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CENTERS_WAIT_MS))]);
  return { read, kept, soon };
}

/**
 * The screen as the server gives it now, when the signed-in member may open it and is on shift:
 * the shift, the day's shifts and the centers, each kept on the tablet as the app keeps them and
 * handed to the app. Null when the app must decide: signed out, not current staff, a role without
 * the screen, off shift, or offline; the reads are the app's then too, when the member is signed in.
 */
async function readShiftFromNetwork(centersRead: Promise<Center[] | undefined>): Promise<ShiftPage | null> {
  const [auth, shift, today, centers] = await Promise.all([getAuth(), getActiveShift(), getTodayShifts(), centersRead]);
  const staff = auth?.isLogin ? auth.client.staff : null;
  if (!auth || !staff || shift.fromCache || today.fromCache) return null;
  handSignInToApp(auth);
  handShiftReadsToApp({ shift, today, ...(centers ? { centers } : {}) });
  if (!staffMayOpen(staff, 'shift') || !shift.data?.workingNow) return null;
  return { shift: shift.data, today: today.data, centers };
}
