// The "what changed" of a record, in a line a person reads: before → after, and money as naira.
import { formatNaira } from '../../../../domain/format';

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
  return String(value);
}

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
