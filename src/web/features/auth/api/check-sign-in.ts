// The sign-in check without the app's query cache: the app's `useAuth` (get-auth.ts) and the
// script-light screens (the shop's first view, features/orders/light) ask it the same way.
import type { AuthObject } from '../../../../domain/schemas/auth';
import { ApiError, api } from '../../../lib/api-client';
import { tellWorkerWhoSignedIn } from '../../../lib/staff-code';
import { lastKnownAuth, rememberAuth } from './last-auth';

/**
 * The signed-in client from the session cookie, or null for a visitor.
 * Without a network the last known sign-in on this device stands, so saved orders and the shift
 * still open offline; the server decides again as soon as it can be reached.
 */
export async function getAuth(): Promise<AuthObject | null> {
  try {
    const body = await api.get<{ auth: AuthObject }>('auth/cookie_auth');
    rememberAuth(body.auth);
    tellWorkerWhoSignedIn(body.auth);
    return body.auth;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      rememberAuth(null);
      return null;
    }
    if (error instanceof ApiError && error.isNetworkError) return lastKnownAuth();
    throw error;
  }
}

/** The sign-in a first view checked, kept for the app it hands the page to (app/first-reads.ts). */
let checkedBeforeApp: { auth: AuthObject; at: number } | null = null;

/**
 * Hands the sign-in a first view has checked to the app: its first drawing is then signed in as
 * the view was (its client's own controls, Order again, drawn at once), however long the app's
 * own check would take on a slow phone.
 */
export function handSignInToApp(auth: AuthObject): void {
  checkedBeforeApp = { auth, at: Date.now() };
}

/** The sign-in the first view handed over, once; null when there is none. */
export function takeSignInFromFirstView(): { auth: AuthObject; at: number } | null {
  const handed = checkedBeforeApp;
  checkedBeforeApp = null;
  return handed;
}
