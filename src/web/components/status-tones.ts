// What a status means and its colour, without the badge's Mantine code: the app's badges and the
// first views' plain markup (features/dispatch/light) colour a status the same way.
import type { DeliveryStatus } from '../../domain/enums';

/** What a status means, whatever its words: the one place a status gets its colour. */
export type StatusTone = 'neutral' | 'info' | 'ok' | 'warn' | 'bad' | 'accent';

/**
 * Dark shades under white text: at least 4.5:1 (WCAG AA) in the light and the dark scheme alike.
 * A "light" badge given a shade ('blue.9') paints the shade as its background under the scheme's
 * light text colour, text nearly the colour of its background; filled with white never does.
 */
export const statusToneColor: Record<StatusTone, string> = {
  neutral: 'gray.7',
  info: 'blue.9',
  ok: '#1b5e20',
  warn: '#a63c06',
  bad: 'red.9',
  accent: 'violet.9',
};

/** What each DeliveryStatus means, for its colour (each screen has its own words for its reader). */
export const deliveryStatusTone: Record<DeliveryStatus, StatusTone> = {
  Pending: 'warn',
  Accepted: 'info',
  Rejected: 'warn',
  CarrierPickup: 'accent',
  InTransit: 'accent',
  Delivered: 'ok',
  OrderNotDelivered: 'bad',
  CantLocateClientLocation: 'bad',
  Other: 'bad',
  Cancelled: 'neutral',
};

/** A tone's colour as a CSS value: a theme colour as Mantine writes it ('blue.9') or a CSS colour. */
export function toneCssColor(tone: StatusTone): string {
  const [name, shade] = statusToneColor[tone].split('.');
  return shade === undefined ? (name ?? '') : `var(--mantine-color-${name}-${shade})`;
}
