// The "what changed" of a record, in a line a person reads: before → after, and money as naira.
import { formatNaira } from '../../../../domain/format';
import { formatDateTime } from '../../../lib/lagos-time';

/** Figures recorded in kobo (the server keeps every amount in kobo). */
const MONEY = new Set([
  'total',
  'refunded',
  'openingFloat',
  'closingCash',
  'expectedCash',
  'variance',
  'cashSales',
  'cashRefunds',
  'price',
  'amount',
]);
/** Ids a person cannot read; the subject column already names what was acted on. */
const HIDDEN = new Set(['shiftOf', 'staffId', 'productId', 'supplierId', 'customerId', 'shiftId']);

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function shown(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && MONEY.has(key)) return formatNaira(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 2) return `${shown(key, value[0])} → ${shown(key, value[1])}`;
    return value.map((v) => shown(key, v)).join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${words(k)} ${shown(k, v)}`)
      .join(', ');
  }
  // Moments are recorded as ISO strings: shown as the rest of the dashboard shows them.
  if (typeof value === 'string' && ISO_MOMENT.test(value)) return formatDateTime(value);
  return String(value);
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What was acted on, as a person reads it: an id (a shift has no other name) by its first part. */
export const subjectText = (subject: string | null): string =>
  subject === null ? '—' : UUID.test(subject) ? `#${subject.slice(0, 8)}` : subject;

export function describeChanges(changes: Record<string, unknown>): string {
  const parts: string[] = [];
  const { before, after, ...rest } = changes;
  if (before !== undefined || after !== undefined) parts.push(`${shown('', before)} → ${shown('', after)}`);
  for (const [key, value] of Object.entries(rest)) {
    if (HIDDEN.has(key)) continue;
    parts.push(`${words(key)}: ${shown(key, value)}`);
  }
  return parts.join('; ');
}
