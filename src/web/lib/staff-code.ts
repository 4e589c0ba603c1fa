import type { AuthObject } from '../../domain/schemas/auth';
import {
  CLIENT_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_OUT_MESSAGE,
  type StaffCodeMessage,
} from '../../domain/staff-code';

const hasWorker = () => 'serviceWorker' in navigator && !import.meta.env.DEV;

/**
 * Tells the service worker who is signed in, so it caches the app's screens on a signed-in device
 * and the staff screens on a staff device only (sw/staff-code.ts). On a first visit the worker may still be installing: the message waits
 * until it is active.
 */
function tellWorker(message: StaffCodeMessage) {
  if (!hasWorker()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message)).catch(() => {});
}

/**
 * The server answered who is signed in: any sign-in keeps the app's code on this device, a staff
 * record the staff code too, a sign-in without one drops the staff code. A visitor (no session) changes nothing: an expired staff session
 * is not a sign-out.
 */
export function tellWorkerWhoSignedIn(auth: AuthObject | null) {
  if (!auth?.isLogin) return;
  tellWorker({ type: auth.client.staff ? STAFF_SIGNED_IN_MESSAGE : CLIENT_SIGNED_IN_MESSAGE });
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
