// The sales reports as CSV files: naira with two decimals, dates as the screens read them, the
// gas center on every line. For the company, each center's lines come first, then "All centers"
// (the same figures added up), so a line's center says what it counts.
import { formatDate } from '../../../domain/format';
import type { SalesTotals } from '../../../domain/schemas/sales';
import { csvText, nairaCell } from '../../lib/csv';
import type { StaffSalesSection } from './service';

/** What the company's lines are called in a report's first column. */
export const ALL_CENTERS = 'All centers';

const dayOf = (dateKey: string) => formatDate(`${dateKey}T12:00:00+01:00`);
const money = ['Cash (NGN)', 'Card and transfer (NGN)', 'Wallet (NGN)', 'Total (NGN)'];
const figures = (t: { Cash: number; Electronic: number; Wallet: number; total: number }) => [
  nairaCell(t.Cash),
  nairaCell(t.Electronic),
  nairaCell(t.Wallet),
  nairaCell(t.total),
];

/** Sales by day: a line per center and Lagos day, then the company's days. */
export function salesByDayCsv(report: SalesTotals): string {
  const rows: unknown[][] = [];
  for (const center of report.byCenter ?? []) {
    for (const d of center.byDay) rows.push([center.centerName, dayOf(d.date), d.orders, ...figures(d)]);
  }
  if (report.center === null) {
    for (const d of report.byDay) rows.push([ALL_CENTERS, dayOf(d.date), d.orders, ...figures(d)]);
  }
  return csvText(['Gas center', 'Date', 'Orders', ...money], rows);
}

/** What the staff lines leave out, on a line of its own so a center's lines add up to its sales. */
export const NOT_HANDED_OVER = 'Paid in the app, not handed over by staff yet';

/** Sales by staff member: a line per center and member, then the company's. */
export function salesByStaffCsv(sections: readonly StaffSalesSection[]): string {
  const rows: unknown[][] = [];
  for (const section of sections) {
    const center = section.center?.name ?? ALL_CENTERS;
    for (const s of section.staff) rows.push([center, s.name, s.orders, ...figures(s)]);
    if (section.unattributed.orders > 0) {
      rows.push([center, NOT_HANDED_OVER, section.unattributed.orders, ...figures(section.unattributed)]);
    }
  }
  return csvText(['Gas center', 'Staff', 'Orders', ...money], rows);
}
