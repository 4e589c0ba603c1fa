// The transfer report: what each center sent, received and called off, by Lagos day and product.
// A transfer counts on the day of each of its steps: sent (at the sender, whatever became of it
// after), received (at the receiver), cancelled (at the sender, whose stock it went back to).
import { and, type Column, desc, eq, gte, lt, or } from 'drizzle-orm';
import { lagosDateKey } from '../../../domain/format';
import type { CenterTransfers, TransferDay } from '../../../domain/schemas/stock-report';
import type { DbOrTx } from '../../db/client';
import type { LagosRange } from '../../lib/lagos-range';
import { centerNamesOf } from '../centers';
import { roundQuantity, type StockScope, unitOf } from './stock-report';
import { stockTransfers } from './tables';
import { type TransferWithProduct, withProducts } from './transfers';

export type TransferActivity = {
  /** The report's lines: the center's, or every center's added up. */
  days: TransferDay[];
  byCenter: CenterTransfers[];
  /** Every transfer with a step in the range, newest first. */
  transfers: TransferWithProduct[];
};

type Step = 'sent' | 'received' | 'cancelled';

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Adds lines of the same day and product together (the company's lines from its centers'). */
function addUp(lines: readonly TransferDay[]): TransferDay[] {
  const sums = new Map<string, TransferDay>();
  for (const line of lines) {
    const key = `${line.date}|${line.productId}`;
    const sum = sums.get(key);
    if (!sum) {
      sums.set(key, { ...line });
      continue;
    }
    for (const step of ['sent', 'received', 'cancelled'] as const) {
      sum[step] = roundQuantity(sum[step] + line[step]);
      sum[`${step}Count`] += line[`${step}Count`];
    }
  }
  return sort([...sums.values()]);
}

const sort = (lines: TransferDay[]) =>
  lines.sort(
    (a, b) =>
      byCodePoint(a.date, b.date) ||
      byCodePoint(a.productType, b.productType) ||
      byCodePoint(a.productName, b.productName),
  );

/**
 * The transfers of the scope's centers (from or to one of them) with a step in the range, and
 * what they add up to per center, day and product. A center's lines list only the days and
 * products something moved on.
 */
export async function transferActivity(db: DbOrTx, scope: StockScope, range: LagosRange): Promise<TransferActivity> {
  const within = (column: Column) => and(gte(column, range.from), lt(column, range.to));
  const only = scope.centerId;
  const rows = await db
    .select()
    .from(stockTransfers)
    .where(
      and(
        or(within(stockTransfers.sentAt), within(stockTransfers.receivedAt), within(stockTransfers.cancelledAt)),
        only ? or(eq(stockTransfers.fromCenterId, only), eq(stockTransfers.toCenterId, only)) : undefined,
      ),
    )
    .orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id));
  const transfers = await withProducts(db, rows);

  const centers = [...scope.centers];
  if (!only) {
    const known = new Set(centers.map((c) => c.id));
    const others = [...new Set(rows.flatMap((r) => [r.fromCenterId, r.toCenterId]))].filter((id) => !known.has(id));
    if (others.length) {
      const names = await centerNamesOf(db, others);
      for (const id of others) centers.push({ id, name: names.get(id) ?? '' });
    }
  }
  const lines = new Map(centers.map((c) => [c.id, new Map<string, TransferDay>()]));
  const count = (t: TransferWithProduct, step: Step, centerId: string, at: Date | null) => {
    if (!at || at < range.from || at >= range.to) return;
    const perCenter = lines.get(centerId);
    if (!perCenter) return;
    const date = lagosDateKey(at);
    const key = `${date}|${t.productId}`;
    let line = perCenter.get(key);
    if (!line) {
      line = {
        date,
        productId: t.productId,
        productName: t.productName,
        productType: t.productType,
        unit: unitOf(t.productType),
        sent: 0,
        sentCount: 0,
        received: 0,
        receivedCount: 0,
        cancelled: 0,
        cancelledCount: 0,
      };
      perCenter.set(key, line);
    }
    line[step] = roundQuantity(line[step] + t.quantity);
    line[`${step}Count`] += 1;
  };
  for (const t of transfers) {
    count(t, 'sent', t.fromCenterId, t.sentAt);
    count(t, 'received', t.toCenterId, t.receivedAt);
    count(t, 'cancelled', t.fromCenterId, t.cancelledAt);
  }
  const byCenter = centers.map((c) => ({
    centerId: c.id,
    centerName: c.name,
    days: sort([...(lines.get(c.id)?.values() ?? [])]),
  }));
  return { days: addUp(byCenter.flatMap((c) => c.days)), byCenter, transfers };
}
