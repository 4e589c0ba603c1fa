import type { ClientPickupOrder, PickupRespondInput } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';

/**
 * POST /api/order/pickup/{orderId}/respond: the owner's decision over HTTP, used when the socket
 * is down. The idempotency key makes a retry of the same decision act once.
 */
export const respondPickup = (orderId: string, input: PickupRespondInput) =>
  api.post<ClientPickupOrder>(`order/pickup/${orderId}/respond`, input, {
    idempotencyKey: `pickup-respond-${input.pickupId}-${input.action}`,
  });
