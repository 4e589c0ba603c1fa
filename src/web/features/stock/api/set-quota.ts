import type { Quota, QuotaInput } from '../../../../domain/schemas/quota';
import { api } from '../../../lib/api-client';

/** PUT /api/quota/{productId} (order area): set or clear a product's stock and daily limit. */
export const setQuota = (productId: string, body: QuotaInput) => api.put<Quota>(`quota/${productId}`, body);
