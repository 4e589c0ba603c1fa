import type { AuthObject } from '../../domain/schemas/auth';
import {
  APP_IN_USE_MESSAGE,
  CLIENT_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_OUT_MESSAGE,
  type StaffCodeMessage,
} from '../../domain/staff-code';
import { storedItem } from './storage';

const hasWorker = () => 'serviceWorker' in navigator && !import.meta.env.DEV;

/**
 * Tells the service worker who is signed in, so it caches the first views on a client's device,
 * the app's screens once the app runs there and the staff screens on a staff device only
 * (sw/staff-code.ts). On a first visit the worker may still be installing: the message waits
 * until it is active.
 */
function tellWorker(message: StaffCodeMessage) {
  if (!hasWorker()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message)).catch(() => {});
}

// Whether the app (not only a first view) runs in this page, and whether the worker was told of a
// client's sign-in (a staff sign-in keeps the app's code anyway). The app having run on this device
// is remembered: a page left before the worker was ready could not tell it, the next one does.
let appRuns = false;
let clientSignedIn = false;
const APP_USED_KEY = 'arrive:app-used';

function appUsedHere(): boolean {
  return storedItem('localStorage', APP_USED_KEY) === '1';
}

/**
 * The server answered who is signed in: a staff record keeps the app's and the staff code on this
 * device; a sign-in without one drops the staff code and keeps the first views, and the app's code
 * once the app has run on this device. A visitor (no session) changes nothing: an expired staff
 * session is not a sign-out.
 */
export function tellWorkerWhoSignedIn(auth: AuthObject | null) {
  if (!auth?.isLogin) return;
  clientSignedIn = !auth.client.staff;
  if (auth.client.staff) {
    tellWorker({ type: STAFF_SIGNED_IN_MESSAGE });
    return;
  }
  tellWorker({ type: CLIENT_SIGNED_IN_MESSAGE });
  if (appRuns || appUsedHere()) tellWorker({ type: APP_IN_USE_MESSAGE });
}

/**
 * The app starts in this page (entry-client.tsx): the client needs it now (a first view handed
 * over, or a screen only the app draws), so a signed-in device keeps all of its code for its
 * screens offline, from now on. Before that, a client's device holds only the first views: a
 * first visit of the shop or the history downloads no app.
 */
export function tellWorkerTheAppRuns() {
  appRuns = true;
  try {
    localStorage.setItem(APP_USED_KEY, '1');
  } catch {
    // storage refused (a private window): this page tells the worker, the next may not
  }
  if (clientSignedIn) tellWorker({ type: APP_IN_USE_MESSAGE });
}

/**
 * Sign-out on this device: the staff code goes with it. Resolves once the message is posted (the
 * page may navigate away next); without a registered worker there is nothing to tell.
 */
export async function tellWorkerSignedOut() {
  if (!hasWorker()) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  registration?.active?.postMessage({ type: STAFF_SIGNED_OUT_MESSAGE } satisfies StaffCodeMessage);
}
