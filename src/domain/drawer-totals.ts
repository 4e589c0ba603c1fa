// The cash drawers report's arithmetic: each shift's drawer added up by Lagos day, by staff member
// or by gas center. The screen and the server's CSV read the same sums.
import { formatDate, lagosDateKey } from './format';
import type { Shift } from './schemas/shift';

export type DrawerGrouping = 'day' | 'staff' | 'center';

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

const groupOf = (s: Shift, by: DrawerGrouping): { key: string; label: string } => {
  if (by === 'day') return { key: lagosDateKey(s.startedAt), label: formatDate(s.startedAt) };
  if (by === 'staff') return { key: s.staffId, label: s.staffName };
  return { key: s.centerId ?? '', label: s.centerName ?? '' };
};

/** The shifts added up per group: days newest first, staff members and centers by name. */
export function groupDrawers(shifts: readonly Shift[], by: DrawerGrouping): DrawerTotals[] {
  const groups = new Map<string, DrawerTotals>();
  for (const s of shifts) {
    const { key, label } = groupOf(s, by);
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
