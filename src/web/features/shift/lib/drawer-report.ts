// The cash drawers report: each shift's figures, grouped by Lagos day, staff member or gas center
// (the sums are the domain's, which the server's CSV reads too). Pure functions, tested beside.
import { lagosDateKey } from '../../../../domain/format';
import type { Shift } from '../../../../domain/schemas/shift';
import { formatDateTime, formatTime } from '../../../lib/lagos-time';

export {
  countedShifts,
  type DrawerGrouping,
  type DrawerState,
  type DrawerTotals,
  drawerState,
  groupDrawers,
} from '../../../../domain/drawer-totals';

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
