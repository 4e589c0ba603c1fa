import { normalizePhone } from '../../../../domain/phone';
import type { AuthResult } from '../../../../domain/schemas/auth';
import { api } from '../../../lib/api-client';

export type SignInMode = 'login' | 'signup';

/**
 * POST auth/signup or auth/login with the number in its international form. The
 * answer names the client whose code was sent; the server also sets the pending-verification
 * cookie that opt_confirmation reads.
 */
export function startSignIn(mode: SignInMode, mobileNumber: string): Promise<AuthResult> {
  const phone = normalizePhone(mobileNumber);
  return api.post<AuthResult>(`auth/${mode}`, { phoneNumber: phone.pass ? phone.international : mobileNumber });
}
