import type { AuthObject } from '../../../../domain/schemas/auth';

// The last sign-in this device saw, kept so saved screens still open offline and the prerendered
// public pages (which do not ask the server) can show the signed-in menu.
const LAST_AUTH_KEY = 'arrive.last-auth';

export function rememberAuth(auth: AuthObject | null) {
  try {
    if (auth) localStorage.setItem(LAST_AUTH_KEY, JSON.stringify(auth));
    else localStorage.removeItem(LAST_AUTH_KEY);
  } catch {
    // storage unavailable (private mode): offline sign-in state is simply not kept
  }
}

export function lastKnownAuth(): AuthObject | null {
  try {
    const raw = localStorage.getItem(LAST_AUTH_KEY);
    return raw ? (JSON.parse(raw) as AuthObject) : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered sign-in (logout). */
export const forgetAuth = () => rememberAuth(null);
