import { useQueryClient } from '@tanstack/react-query';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { api } from '../../../lib/api-client';
import { tellWorkerWhoSignedIn } from '../../../lib/staff-code';
import { useMutation } from '../../../lib/use-mutation';
import { authKeys } from './get-auth';

/** POST auth/opt_confirmation with the 6-digit code; the session cookies come back with the answer. */
export async function confirmOtp(optCode: string): Promise<AuthObject> {
  const body = await api.post<{ auth: AuthObject }>('auth/opt_confirmation', { optCode });
  tellWorkerWhoSignedIn(body.auth);
  return body.auth;
}

export function useConfirmOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOtp,
    onSuccess: (auth) => {
      // Whatever was cached belonged to nobody or to someone else: start clean for this client.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      queryClient.removeQueries({ queryKey: authKeys.signedOut() });
      queryClient.setQueryData(authKeys.session(), auth);
    },
  });
}
