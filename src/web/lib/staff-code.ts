import type { AuthObject } from '../../domain/schemas/auth';
import { STAFF_SIGNED_IN_MESSAGE, STAFF_SIGNED_OUT_MESSAGE, type StaffCodeMessage } from '../../domain/staff-code';

/**
 * Tells the service worker (once one is active: on a first visit it may still be installing) who
 * is signed in, so it caches the staff screens on a staff device only (sw/staff-code.ts).
 */
function tellWorker(message: StaffCodeMessage) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message)).catch(() => {});
}

/**
 * The server answered who is signed in: a staff record keeps the staff code on this device, a
 * sign-in without one drops it. A visitor (no session) changes nothing: an expired staff session
 * is not a sign-out.
 */
export function tellWorkerWhoSignedIn(auth: AuthObject | null) {
  if (!auth?.isLogin) return;
  tellWorker({ type: auth.client.staff ? STAFF_SIGNED_IN_MESSAGE : STAFF_SIGNED_OUT_MESSAGE });
}

/** Sign-out on this device: the staff code goes with it. */
export const tellWorkerSignedOut = () => tellWorker({ type: STAFF_SIGNED_OUT_MESSAGE });
