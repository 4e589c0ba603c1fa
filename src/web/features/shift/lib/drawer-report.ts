// The cash drawers report: each shift's figures, grouped by Lagos day or by staff member, and the
// CSV the accountant downloads. Pure functions, tested beside.
import { formatDate, koboToNaira, lagosDateKey } from '../../../../domain/format';
import type { Shift } from '../../../../domain/schemas/shift';
import { formatDateTime, formatTime } from '../../../lib/lagos-time';

export type DrawerTotals = {
  key: string;
  label: string;
  shifts: number;
  openingFloat: number;
  cashSales: number;
  cashRefunds: number;
  expectedCash: number;
  /** Counted cash of the ended shifts. */
  closingCash: number;
  /** What the counted drawers were expected to hold: the variance is counted minus this. */
  countedExpected: number;
  /** Sum of the ended shifts' variances. */
  variance: number;
  /** Shifts still open (no count yet). */
  open: number;
  /**
   * Shifts ended without a count (the member was taken off the staff, which ends their shift):
   * their drawer was never counted, so they are no part of the variance and are said apart.
   */
  uncounted: number;
};

/** Where a shift's drawer stands: still open, ended without a count, or counted. */
export type DrawerState = 'open' | 'uncounted' | 'counted';
export const drawerState = (s: Pick<Shift, 'endedAt' | 'closingCash'>): DrawerState =>
  s.endedAt === null ? 'open' : s.closingCash === null ? 'uncounted' : 'counted';

/** The shifts of a row whose drawer was counted (what its variance is made of). */
export const countedShifts = (r: DrawerTotals): number => r.shifts - r.open - r.uncounted;

export function groupDrawers(shifts: Shift[], by: 'day' | 'staff'): DrawerTotals[] {
  const groups = new Map<string, DrawerTotals>();
  for (const s of shifts) {
    const key = by === 'day' ? lagosDateKey(s.startedAt) : s.staffId;
    const label = by === 'day' ? formatDate(s.startedAt) : s.staffName;
    const g = groups.get(key) ?? {
      key,
      label,
      shifts: 0,
      openingFloat: 0,
      cashSales: 0,
      cashRefunds: 0,
      expectedCash: 0,
      closingCash: 0,
      countedExpected: 0,
      variance: 0,
      open: 0,
      uncounted: 0,
    };
    g.shifts += 1;
    g.openingFloat += s.openingFloat;
    g.cashSales += s.cashSales;
    g.cashRefunds += s.cashRefunds;
    g.expectedCash += s.expectedCash;
    g.closingCash += s.closingCash ?? 0;
    g.variance += s.variance ?? 0;
    const state = drawerState(s);
    if (state === 'counted') g.countedExpected += s.expectedCash;
    if (state === 'open') g.open += 1;
    if (state === 'uncounted') g.uncounted += 1;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) =>
    by === 'day' ? b.key.localeCompare(a.key) : a.label.localeCompare(b.label),
  );
}

const naira = (kobo: number | null) => (kobo === null ? '' : koboToNaira(kobo).toFixed(2));
/** A spreadsheet cell: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised. */
const cell = (value: string) => {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * When a shift ran, in Lagos time: "16:22 – 16:25", with the days when it is not one day's alone
 * (`withDay`: the list covers several days) or ran past midnight ("28/11/2026 23:30 – 29/11/2026 00:40").
 */
export function shiftSpan(s: Pick<Shift, 'startedAt' | 'endedAt'>, withDay: boolean, now = Date.now()): string {
  const endDay = lagosDateKey(s.endedAt ?? new Date(now).toISOString());
  const days = withDay || endDay !== lagosDateKey(s.startedAt);
  const at = (iso: string) => (days ? formatDateTime(iso) : formatTime(iso));
  if (!s.endedAt) return `${at(s.startedAt)} – now`;
  return `${at(s.startedAt)} – ${days && endDay === lagosDateKey(s.startedAt) ? formatTime(s.endedAt) : at(s.endedAt)}`;
}

/** One row per shift, amounts in naira with 2 decimals (what a spreadsheet sums); times in Lagos time. */
export function drawersCsv(shifts: Shift[]): string {
  const header = [
    'Date',
    'Staff',
    'Started (Lagos time)',
    'Ended (Lagos time)',
    'Opening float (NGN)',
    'Cash sales (NGN)',
    'Cash refunds (NGN)',
    'Expected cash (NGN)',
    'Counted cash (NGN)',
    'Variance (NGN)',
  ];
  const rows = shifts.map((s) => [
    formatDate(s.startedAt),
    s.staffName,
    formatDateTime(s.startedAt),
    s.endedAt ? formatDateTime(s.endedAt) : '',
    naira(s.openingFloat),
    naira(s.cashSales),
    naira(s.cashRefunds),
    naira(s.expectedCash),
    naira(s.closingCash),
    naira(s.variance),
  ]);
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
