// Display formatting: money is integer kobo until display; dates show
// the Africa/Lagos calendar day as dd/MM/yyyy whatever the machine's time zone.
import { LAGOS_UTC_OFFSET_MS } from './constants';

/** Lagos is UTC+1 all year (no daylight saving), so a fixed offset is exact (domain/constants.ts). */
export { LAGOS_UTC_OFFSET_MS };
export const NAIRA_SIGN = '₦';

/** A payment type as every staff screen names it (the sales figures' words). */
export const paymentTypeLabel: Record<string, string> = {
  Cash: 'Cash',
  Electronic: 'Card and transfer',
  Wallet: 'Wallet',
};

type NumberInput = number | string | null | undefined;

function toFiniteNumber(value: NumberInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * `digits` (a plain decimal, no sign) rounded half away from zero to `decimals` places, as text.
 * Works on the digits themselves, as Intl does on the number's shortest decimal form: 1.005 gives
 * 1.01, where (1.005).toFixed(2) gives 1.00 from the binary value just under it.
 */
function roundDecimal(digits: string, decimals: number): string {
  const [whole = '0', fraction = ''] = digits.split('.');
  if (fraction.length <= decimals) return decimals ? `${whole}.${fraction.padEnd(decimals, '0')}` : whole;
  const kept = `${whole}${fraction.slice(0, decimals)}`;
  let rounded = kept;
  if ((fraction[decimals] ?? '0') >= '5') {
    // Add one to the last kept digit, carrying.
    const out = kept.split('');
    let i = out.length - 1;
    while (i >= 0 && out[i] === '9') out[i--] = '0';
    rounded =
      i < 0 ? `1${out.join('')}` : `${out.slice(0, i).join('')}${Number(out[i]) + 1}${out.slice(i + 1).join('')}`;
  }
  const cut = rounded.length - decimals;
  return decimals ? `${rounded.slice(0, cut)}.${rounded.slice(cut)}` : rounded;
}

/** en-US digit grouping of a plain non-negative decimal: 1234567.5 → 1,234,567.5. */
const grouped = (digits: string) => digits.replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

/**
 * en-US grouping with fixed decimals; '' for empty, NaN or infinite values. Written out rather than
 * with Intl.NumberFormat, whose first use loads the locale's data: tens of milliseconds on a cheap
 * phone on every screen that shows an amount. Very large or very small numbers (written with an
 * exponent) go through Intl.
 */
export function formatNumber(value: NumberInput, decimals = 2): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '';
  const digits = String(Math.abs(n));
  const text = digits.includes('e')
    ? new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
        Math.abs(n),
      )
    : grouped(roundDecimal(digits, decimals));
  // Nobody wants to see "-0.00": the sign only when something other than zero is shown.
  return n < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

export const koboToNaira = (kobo: number): number => kobo / 100;

/**
 * Naira to integer kobo, rounding half away from zero on the decimal value the caller meant:
 * 12.345 * 100 is 1234.4999… in binary floating point, so we round to 15 significant digits
 * first and 12.345 gives 1235.
 */
export function nairaToKobo(naira: number): number {
  if (!Number.isFinite(naira)) throw new RangeError(`Not a finite amount: ${naira}`);
  const scaled = Number((Math.abs(naira) * 100).toPrecision(15));
  const kobo = Math.round(scaled);
  return naira < 0 && kobo !== 0 ? -kobo : kobo;
}

/** Kobo written as naira by `write`, with the sign after the minus: '-₦1,234.50'; '' for empty values. */
function nairaText(kobo: NumberInput, write: (naira: number) => string): string {
  const n = toFiniteNumber(kobo);
  if (n === undefined) return '';
  const text = write(koboToNaira(n));
  return text.startsWith('-') ? `-${NAIRA_SIGN}${text.slice(1)}` : `${NAIRA_SIGN}${text}`;
}

/** '₦1,234.50' from 123450 kobo; negatives as '-₦1,234.50'; '' for empty values. */
export function formatNaira(kobo: NumberInput): string {
  return nairaText(kobo, formatNumber);
}

// Made on first use, not when the module loads: a compact format loads the locale's data, which
// costs a cheap phone tens of milliseconds on every screen, and only the sales charts use it.
let compact: Intl.NumberFormat | null = null;

/** '₦45K', '₦1.3M', '₦0' from kobo, for a chart's axis where ₦45,000.00 would not fit. */
export function formatNairaCompact(kobo: NumberInput): string {
  compact ??= new Intl.NumberFormat('en-NG', {
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  const format = compact;
  return nairaText(kobo, (value) => format.format(value));
}

export type DateInput = Date | string | number | null | undefined;

// An ISO date-time without a zone would be parsed in the machine's zone; read it as Lagos time.
const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let d: Date;
  if (value instanceof Date) d = value;
  else if (typeof value === 'string' && ZONELESS_DATE_TIME.test(value.trim())) {
    d = new Date(`${value.trim()}+01:00`);
  } else d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The Lagos calendar day of an instant as { year, month (1-12), day }. */
function lagosDay(d: Date): { year: number; month: number; day: number } {
  const shifted = new Date(d.getTime() + LAGOS_UTC_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** dd/MM/yyyy of the Lagos calendar day; '' for empty or invalid input. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  const { year, month, day } = lagosDay(d);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** yyyy-MM-dd of the Lagos calendar day (e.g. "today" for date filters); '' if invalid. */
export function lagosDateKey(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  const { year, month, day } = lagosDay(d);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** One line of an order as the screens show it: a gas refill, or a count of items. */
export type OrderLineInput = {
  name: string;
  /** kg for gas, a count for everything else. */
  quantity: number;
  /** The cylinder being filled (gas), or the size of a cylinder product; null or absent otherwise. */
  sizeKg?: number | null;
  /** Known on order lines; pickup lines carry no product type (see isGasLine). */
  productType?: string;
};

const kg = (n: number): string => formatNumber(n, Number.isInteger(n) ? 0 : Number.isInteger(n * 10) ? 1 : 2);

/** The server names a gas line "<product> (<size> kg cylinder)"; other lines never carry that suffix. */
const cylinderSuffix = (sizeKg: number): string => ` (${kg(sizeKg)} kg cylinder)`;

/**
 * Whether a line is a gas refill. The product type decides when the line carries one; a pickup
 * line has only its name, quantity and size, and a gas line is the one the server named after
 * its cylinder (a cylinder bought empty has a size too, but not that name).
 */
export function isGasLine(line: OrderLineInput): boolean {
  if (line.productType !== undefined) return line.productType === 'Gas';
  if (line.sizeKg === null || line.sizeKg === undefined) return false;
  return line.name.endsWith(cylinderSuffix(line.sizeKg)) || line.name.endsWith(` (${line.sizeKg} kg cylinder)`);
}

/** What the line is: the product name, without the cylinder suffix the gas line already says. */
export function orderLineName(line: OrderLineInput): string {
  if (!isGasLine(line) || line.sizeKg === null || line.sizeKg === undefined) return line.name;
  for (const suffix of [cylinderSuffix(line.sizeKg), ` (${line.sizeKg} kg cylinder)`]) {
    if (line.name.endsWith(suffix)) return line.name.slice(0, -suffix.length);
  }
  return line.name;
}

/**
 * How much of it: "12.5 kg refill (12.5 kg cylinder)" for gas (the quantity is kg, never a
 * count), "× 2" for anything else. The one wording of an order line on every screen.
 */
export function formatOrderLineQuantity(line: OrderLineInput): string {
  if (!isGasLine(line)) return `× ${line.quantity}`;
  const refill = `${kg(line.quantity)} kg refill`;
  return line.sizeKg === null || line.sizeKg === undefined ? refill : `${refill}${cylinderSuffix(line.sizeKg)}`;
}

/** A line in one string: "Cooking gas 5 kg refill (12.5 kg cylinder)", "Single burner × 2". */
export const formatOrderLine = (line: OrderLineInput): string =>
  `${orderLineName(line)} ${formatOrderLineQuantity(line)}`;
