// Display formatting (SPEC §5, DESIGN "Data"): money is integer kobo until display; dates show
// the Africa/Lagos calendar day as dd/MM/yyyy whatever the machine's time zone.

/** Lagos is UTC+1 all year (no daylight saving), so a fixed offset is exact. */
export const LAGOS_UTC_OFFSET_MS = 60 * 60 * 1000;
export const NAIRA_SIGN = '₦';

type NumberInput = number | string | null | undefined;

function toFiniteNumber(value: NumberInput): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(decimals, f);
  }
  return f;
}

/** en-US grouping with fixed decimals; '' for empty, NaN or infinite values. */
export function formatNumber(value: NumberInput, decimals = 2): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '';
  const text = numberFormat(decimals).format(n);
  // Intl keeps the sign of values that round to zero ("-0.00"); nobody wants to see that.
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
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

/** '₦1,234.50' from 123450 kobo; negatives as '-₦1,234.50'; '' for empty values. */
export function formatNaira(kobo: NumberInput): string {
  const n = toFiniteNumber(kobo);
  if (n === undefined) return '';
  const text = formatNumber(koboToNaira(n));
  return text.startsWith('-') ? `-${NAIRA_SIGN}${text.slice(1)}` : `${NAIRA_SIGN}${text}`;
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
