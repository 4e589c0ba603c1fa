import { lagosDateKey } from '../../../domain/format';
import type { SalesTotals } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { daysOf, type LagosRange } from '../../lib/lagos-range';
import { displayName } from '../client';
import { type AttributedOrder, listAttributedOrders, listPaidOrders, type PaidOrder } from '../order';
import { listStaff, staffClientIds } from '../staff';

export type { PaidOrder };

/** A paid order and the staff member who made the sale (client id: the staff member's person). */
export type AttributedSale = AttributedOrder;

type Totals = { Cash: number; Electronic: number; Wallet: number; total: number; orders: number };
const emptyTotals = (): Totals => ({ Cash: 0, Electronic: 0, Wallet: 0, total: 0, orders: 0 });

function add(totals: Totals, sale: PaidOrder) {
  totals.total += sale.total;
  totals.orders += 1;
  // An order paid before payment types were recorded counts as Electronic: it did not go in the drawer.
  totals[sale.paymentType ?? 'Electronic'] += sale.total;
}

/** Paid orders whose payment fell in the range. */
export async function paidOrdersIn(db: DbOrTx, range: Pick<LagosRange, 'from' | 'to'>): Promise<PaidOrder[]> {
  return listPaidOrders(db, range);
}

/**
 * Paid orders attributed to staff members, each to the first staff member who took its payment
 * or handed it over (so an order counts once, for one person). `staffId` keeps one person's;
 * `window` filters on when that happened (a shift); `paidIn` on when it was paid.
 */
export async function attributedSales(
  db: DbOrTx,
  filter: { staffId?: string; window?: { from: Date; to: Date }; paidIn?: { from: Date; to: Date } },
): Promise<AttributedSale[]> {
  return listAttributedOrders(db, {
    actors: staffClientIds(db),
    kept: filter.staffId ? staffClientIds(db, { staffId: filter.staffId }) : undefined,
    window: filter.window,
    paidIn: filter.paidIn,
  });
}

/** Totals by payment type and by Lagos day. */
export function summarise(range: LagosRange, sales: PaidOrder[]): SalesTotals {
  const all = emptyTotals();
  const perDay = new Map(daysOf(range).map((d) => [d, emptyTotals()]));
  for (const sale of sales) {
    add(all, sale);
    const day = perDay.get(lagosDateKey(sale.paidAt));
    if (day) add(day, sale);
  }
  return {
    fromDate: range.fromDate,
    toDate: range.toDate,
    total: all.total,
    orders: all.orders,
    byPaymentType: { Cash: all.Cash, Electronic: all.Electronic, Wallet: all.Wallet },
    byDay: [...perDay].map(([date, t]) => ({ date, ...t })),
  };
}

/** Per-staff totals, every current staff member listed (a zero row says "sold nothing"). */
export async function salesByStaff(db: DbOrTx, range: LagosRange) {
  const [sales, members] = await Promise.all([attributedSales(db, { paidIn: range }), listStaff(db)]);
  const totals = new Map(members.map((m) => [m.clientId, emptyTotals()]));
  for (const sale of sales) {
    const t = totals.get(sale.actorClientId);
    if (t) add(t, sale);
  }
  return members
    .filter((m) => m.isCurrentStaff || (totals.get(m.clientId)?.orders ?? 0) > 0)
    .map((m) => ({ staffId: m.id, name: displayName(m), ...(totals.get(m.clientId) ?? emptyTotals()) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}
