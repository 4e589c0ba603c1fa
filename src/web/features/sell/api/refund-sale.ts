import type { z } from 'zod';
import type { counterRefundResponseSchema } from '../../../../domain/schemas/counter';
import { api } from '../../../lib/api-client';

export type RefundResult = z.infer<typeof counterRefundResponseSchema>;

/** POST /api/client/refund_order: a cash sale not yet handed over, paid back from my drawer. */
export const refundCashSale = (body: { orderNumber: string; reason: string }, idempotencyKey: string) =>
  api.post<RefundResult>('client/refund_order', body, { idempotencyKey });
