import type { SavedCard } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';

/** PUT payment/save_usable: keep the card this payment used. */
export function saveUsableCard(paymentNumber: string): Promise<{ saved: boolean; card: SavedCard | null }> {
  return api.put('payment/save_usable', { paymentNumber });
}

/** PUT payment/discard_redish: do not keep it. */
export function discardUsableCard(paymentNumber: string): Promise<{ discarded: boolean }> {
  return api.put('payment/discard_redish', { paymentNumber });
}
