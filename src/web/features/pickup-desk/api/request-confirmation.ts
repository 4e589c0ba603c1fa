import type { PickupVerifyInput, PickupVerifyResponse } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';

/** POST /api/pickup/verify: ask the owner to confirm over HTTP, when the socket is reconnecting. */
export const requestConfirmationOverHttp = (input: PickupVerifyInput, idempotencyKey: string) =>
  api.post<PickupVerifyResponse>('pickup/verify', input, { idempotencyKey });
