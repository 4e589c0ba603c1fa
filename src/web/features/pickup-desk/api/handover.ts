import type {
  HandoverApproveInput,
  HandoverCodeConfirmInput,
  HandoverCodeSent,
  HandoverResult,
} from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';

// Hand-over without the client's app (src/server/modules/pickup/README.md, "Hand-over without data").

/** POST /api/pickup/handover-code: text the owner a one-time hand-over code. */
export const sendHandoverCode = (orderId: string, idempotencyKey: string) =>
  api.post<HandoverCodeSent>('pickup/handover-code', { orderId }, { idempotencyKey });

/** POST /api/pickup/handover-code/confirm: the code the owner read out hands the order over. */
export const confirmHandoverCode = (input: HandoverCodeConfirmInput, idempotencyKey: string) =>
  api.post<HandoverResult>('pickup/handover-code/confirm', input, { idempotencyKey });

/** POST /api/pickup/approve: a Shift Supervisor, Manager or CEO approves with a reason. */
export const approveHandover = (input: HandoverApproveInput, idempotencyKey: string) =>
  api.post<HandoverResult>('pickup/approve', input, { idempotencyKey });
