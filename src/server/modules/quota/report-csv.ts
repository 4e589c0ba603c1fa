// The stock and transfer reports as CSV files: quantities in the product's unit (kg of gas, items
// otherwise), the gas center on every line. For the company each center's lines come first, then
// "All centers" lines with the same figures added up, as the sales reports do.
import { formatDate } from '../../../domain/format';
import type { StockReport, TransferDay, TransferReport } from '../../../domain/schemas/stock-report';
import { csvText, lagosDateTimeCell } from '../../lib/csv';

/** What the company's lines are called in a report's first column. */
const ALL_CENTERS = 'All centers';
/** A center that keeps no figure of a product: nothing to add (a spreadsheet's sum passes over it). */
export const NOT_COUNTED = 'Not counted';

const dayOf = (dateKey: string) => formatDate(`${dateKey}T12:00:00+01:00`);

/** The stock as it is: a line per center and product, then the company's. */
export function stockCsv(report: StockReport): string {
  const rows: unknown[][] = [];
  const centerNames = report.products[0]?.byCenter.map((c) => c.centerName) ?? [];
  centerNames.forEach((_, i) => {
    for (const p of report.products) {
      const c = p.byCenter[i];
      if (!c) continue;
      rows.push([c.centerName, p.productName, p.unit, c.onHand ?? NOT_COUNTED, c.incoming, c.outgoing, c.total]);
    }
  });
  if (report.center === null) {
    for (const p of report.products) {
      rows.push([ALL_CENTERS, p.productName, p.unit, p.onHand, p.inTransit, p.inTransit, p.total]);
    }
  }
  return csvText(
    [
      'Gas center',
      'Product',
      'Unit',
      'On hand',
      'Coming in (in transit)',
      'Going out (in transit)',
      'Total (on hand and coming in)',
    ],
    rows,
  );
}

const dayCells = (d: TransferDay) => [
  dayOf(d.date),
  d.productName,
  d.unit,
  d.sent,
  d.received,
  d.cancelled,
  d.sentCount,
  d.receivedCount,
  d.cancelledCount,
];

/** What moved, by day and product: a line per center, day and product, then the company's. */
export function transfersByDayCsv(report: TransferReport): string {
  const rows: unknown[][] = [];
  for (const center of report.byCenter) {
    for (const d of center.days) rows.push([center.centerName, ...dayCells(d)]);
  }
  if (report.center === null) for (const d of report.days) rows.push([ALL_CENTERS, ...dayCells(d)]);
  return csvText(
    [
      'Gas center',
      'Date',
      'Product',
      'Unit',
      'Sent',
      'Received',
      'Cancelled (back to the sender)',
      'Transfers sent',
      'Transfers received',
      'Transfers cancelled',
    ],
    rows,
  );
}

const statusWords = { InTransit: 'In transit', Received: 'Received', Cancelled: 'Cancelled' } as const;

/** Each transfer with a step in the days, newest first: both its centers, each step and who took it. */
export function transfersCsv(transfers: TransferReport['transfers']): string {
  return csvText(
    [
      'Sent (Lagos time)',
      'From',
      'To',
      'Product',
      'Unit',
      'Quantity',
      'Status',
      'Sent by',
      'Received (Lagos time)',
      'Received by',
      'Cancelled (Lagos time)',
      'Cancelled by',
      'Note',
    ],
    transfers.map((t) => [
      lagosDateTimeCell(t.sentAt),
      t.fromCenterName,
      t.toCenterName,
      t.productName,
      t.productType === 'Gas' ? 'kg' : 'item',
      t.quantity,
      statusWords[t.status],
      t.sentBy ?? '',
      lagosDateTimeCell(t.receivedAt),
      t.receivedBy ?? '',
      lagosDateTimeCell(t.cancelledAt),
      t.cancelledBy ?? '',
      t.note ?? '',
    ]),
  );
}
