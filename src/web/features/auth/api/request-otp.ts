import type { AuthResult } from '../../../../domain/schemas/auth';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** The resend: an empty payload, the server knows the number from the pending verification. */
export function requestOtp(): Promise<AuthResult> {
  return api.post<AuthResult>('auth/opt_request', {});
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
