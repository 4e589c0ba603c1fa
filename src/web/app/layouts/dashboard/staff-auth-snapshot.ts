import type { AuthObject } from '../../../../domain/schemas/auth';
import { getCached, putCached } from '../../../lib/local-db';

/** Where the staff session is kept (the counter's first view reads it too: features/sell/light). */
export const STAFF_AUTH_CACHE_KEY = 'staff-auth';

/** The last answered staff session, so a reload without network still opens the dashboard. */
export const rememberStaffAuth = (auth: AuthObject) =>
  putCached('shift', STAFF_AUTH_CACHE_KEY, auth).catch(() => undefined);

export async function readStaffAuthSnapshot(): Promise<AuthObject | null> {
  const hit = await getCached<AuthObject>('shift', STAFF_AUTH_CACHE_KEY).catch(() => undefined);
  return hit?.value ?? null;
}
