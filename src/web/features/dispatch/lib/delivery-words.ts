import { goodsWord, staffDeliveryLabel, staffStepLabel } from '../../../../domain/delivery-words';
import { DELIVERY_PROBLEMS } from '../../../../domain/dispatch-access';

export { goodsWord, staffDeliveryLabel, staffStepLabel };

/** The problem buttons, in the rider's words. */
export const problemChoices = DELIVERY_PROBLEMS.map((status) => ({ value: status, label: staffDeliveryLabel[status] }));

/** "12 min", "1 h 05 min": how long since `iso`, for "time in state". */
export function sinceText(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A Google Maps search for the address (coordinates when the order has them). */
export function mapLink(address: { line1: string; city: string; state: string; lat?: number; lng?: number }): string {
  const query =
    address.lat !== undefined && address.lng !== undefined
      ? `${address.lat},${address.lng}`
      : `${address.line1}, ${address.city}, ${address.state}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A tel: link for a local Nigerian number (0803… → +234803…). */
export const telLink = (phone: string) => `tel:${phone.startsWith('0') ? `+234${phone.slice(1)}` : phone}`;
