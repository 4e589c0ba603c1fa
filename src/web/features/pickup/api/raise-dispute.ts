import type { ClientPickupOrder, PickupDisputeInput } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';

/** POST /api/order/pickup/{orderId}/dispute: the owner reports a problem with a pickup. */
export const raiseDispute = (orderId: string, input: PickupDisputeInput) =>
  api.post<ClientPickupOrder>(`order/pickup/${orderId}/dispute`, input, {
    idempotencyKey: `pickup-dispute-${orderId}-${input.dispute}`,
  });
