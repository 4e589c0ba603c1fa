import type { Quota, QuotaInput } from '../../../../domain/schemas/quota';
import { api } from '../../../lib/api-client';

/** PUT /api/quota/{productId}?center=…: set or clear a product's stock and daily limit at a gas center. */
export const setQuota = (productId: string, body: QuotaInput, centerId?: string) =>
  api.put<Quota>(`quota/${productId}${centerId ? `?center=${encodeURIComponent(centerId)}` : ''}`, body);
