import { ACTING_CLIENT_HEADER } from '../../../../domain/offline-queue';
import { api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { tellWorkerSignedOut } from '../../../lib/staff-code';
import { lastKnownAuth } from './last-auth';

/**
 * Logout revokes the session on the server and forgets local data (the state resets to not
 * logged in). Without a network the service worker keeps the call (its key) and sends it when the network
 * is back, as the person who signed out (the acting client: a colleague signed in by then stays
 * signed in); until then it answers the sign-in check "signed out", so the device is signed out at
 * once, for the next person too.
 */
export async function logout() {
  const acting = lastKnownAuth()?.clientId;
  await api
    .post('auth/logout', undefined, {
      idempotencyKey: newIdempotencyKey(),
      ...(acting ? { headers: { [ACTING_CLIENT_HEADER]: acting } } : {}),
    })
    .catch(() => undefined);
  await tellWorkerSignedOut();
  // Loaded on demand: the local database is not needed on the (public) pages that show Logout.
  const { clearLocalData } = await import('../../../lib/copy-store');
  await clearLocalData().catch(() => undefined);
}
