// The cash drawers report as a CSV file: one line per shift, or the drawers added up by Lagos day,
// staff member or gas center. Naira with two decimals; times on the Lagos clock; the center on
// every line. For the company, added-up lines come per center, then for "All centers".
import { type DrawerGrouping, type DrawerTotals, groupDrawers } from '../../../domain/drawer-totals';
import { formatDate } from '../../../domain/format';
import type { Shift } from '../../../domain/schemas/shift';
import { csvText, lagosDateTimeCell as lagosDateTime, nairaCell } from '../../lib/csv';

export type DrawersCsvGrouping = 'shift' | DrawerGrouping;

const drawerMoney = [
  'Opening float (NGN)',
  'Cash sales (NGN)',
  'Cash refunds (NGN)',
  'Expected cash (NGN)',
  'Counted cash (NGN)',
];

function shiftLines(shifts: readonly Shift[]): string {
  const header = [
    'Gas center',
    'Date',
    'Staff',
    'Started (Lagos time)',
    'Ended (Lagos time)',
    ...drawerMoney,
    'Variance (NGN)',
  ];
  return csvText(
    header,
    shifts.map((s) => [
      s.centerName ?? '',
      formatDate(s.startedAt),
      s.staffName,
      lagosDateTime(s.startedAt),
      s.endedAt ? lagosDateTime(s.endedAt) : '',
      nairaCell(s.openingFloat),
      nairaCell(s.cashSales),
      nairaCell(s.cashRefunds),
      nairaCell(s.expectedCash),
      nairaCell(s.closingCash),
      nairaCell(s.variance),
    ]),
  );
}

/** An added-up line's figures: counted cash and the variance are of the counted drawers only. */
const totalsCells = (r: DrawerTotals) => [
  r.shifts,
  r.open,
  r.uncounted,
  nairaCell(r.openingFloat),
  nairaCell(r.cashSales),
  nairaCell(r.cashRefunds),
  nairaCell(r.expectedCash),
  nairaCell(r.closingCash),
  nairaCell(r.countedExpected),
  nairaCell(r.variance),
];
const totalsHeader = [
  'Shifts',
  'Open',
  'Not counted',
  ...drawerMoney,
  'Expected in counted drawers (NGN)',
  'Variance (NGN)',
];

/**
 * The drawers of these shifts as a CSV file. `centers`: the centers the report covers, by name;
 * `company`: whether it covers the company (then "All centers" lines follow).
 */
export function drawersCsv(
  shifts: readonly Shift[],
  by: DrawersCsvGrouping,
  scope: { centers: readonly { id: string; name: string }[]; company: boolean },
  allCentersLabel: string,
): string {
  if (by === 'shift') return shiftLines(shifts);
  if (by === 'center') {
    const rows: unknown[][] = groupDrawers(shifts, 'center').map((r) => [r.label, ...totalsCells(r)]);
    const [all] = groupDrawers(
      shifts.map((s) => ({ ...s, centerId: '', centerName: allCentersLabel })),
      'center',
    );
    if (scope.company && all) rows.push([allCentersLabel, ...totalsCells(all)]);
    return csvText(['Gas center', ...totalsHeader], rows);
  }
  const rows: unknown[][] = [];
  const centerIds = new Set(scope.centers.map((c) => c.id));
  const sections = [
    ...scope.centers.map((c) => ({ name: c.name, shifts: shifts.filter((s) => s.centerId === c.id) })),
    // A shift at a center the list did not have yet still counts, under its own name.
    ...[...new Set(shifts.filter((s) => !centerIds.has(s.centerId ?? '')).map((s) => s.centerId ?? ''))].map((id) => ({
      name: shifts.find((s) => (s.centerId ?? '') === id)?.centerName ?? '',
      shifts: shifts.filter((s) => (s.centerId ?? '') === id),
    })),
    ...(scope.company ? [{ name: allCentersLabel, shifts }] : []),
  ];
  for (const section of sections) {
    for (const r of groupDrawers(section.shifts, by)) rows.push([section.name, r.label, ...totalsCells(r)]);
  }
  return csvText(['Gas center', by === 'day' ? 'Date' : 'Staff', ...totalsHeader], rows);
}
