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
