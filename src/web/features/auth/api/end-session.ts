import { api } from '../../../lib/api-client';
import { tellWorkerSignedOut } from '../../../lib/staff-code';

/** Logout revokes the session on the server and forgets local data (SPEC §4: resets to not logged in). */
export async function logout() {
  await api.post('auth/logout').catch(() => undefined);
  await tellWorkerSignedOut();
  // Loaded on demand: the local database is not needed on the (public) pages that show Logout.
  const { clearLocalData } = await import('../../../lib/copy-store');
  await clearLocalData().catch(() => undefined);
}
