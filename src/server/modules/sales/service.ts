import { lagosDateKey } from '../../../domain/format';
import type { CenterSales, SalesTotals, StaffSales } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { daysOf, type LagosRange } from '../../lib/lagos-range';
import { centerNamesOf } from '../centers';
import { displayName } from '../client';
import { type AttributedOrder, listAttributedOrders, listPaidOrders, type PaidOrder } from '../order';
import { listStaff, staffClientIds } from '../staff';
import type { ReportScope } from './report-center';

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

/**
 * The centers of a report with their sales, by name: those the scope covers, and any other an
 * order in it names (a center added on another instance within the minute its list is kept), so
 * the centers always add up to the total.
 */
async function centersOf(db: DbOrTx, scope: ReportScope, sales: readonly PaidOrder[]) {
  const known = new Set(scope.centers.map((c) => c.id));
  const others = [...new Set(sales.map((s) => s.centerId))].filter((id) => !known.has(id));
  const names = others.length ? await centerNamesOf(db, others) : new Map<string, string>();
  const centers = [...scope.centers, ...others.map((id) => ({ id, name: names.get(id) ?? '' }))];
  return centers.map((c) => ({ ...c, sales: sales.filter((s) => s.centerId === c.id) }));
}

/**
 * Sales of a center, or of the company with each center beside it (`byCenter`): by payment
 * type and by Lagos day. A sale counts for its order's center.
 */
export async function salesReport(db: DbOrTx, range: LagosRange, scope: ReportScope): Promise<SalesTotals> {
  const paid = await paidOrdersIn(db, range);
  const sales = scope.centerId === null ? paid : paid.filter((s) => s.centerId === scope.centerId);
  const byCenter: CenterSales[] = (await centersOf(db, scope, sales)).map((c) => {
    const { fromDate: _from, toDate: _to, ...totals } = summarise(range, c.sales);
    return { centerId: c.id, centerName: c.name, ...totals };
  });
  return { ...summarise(range, sales), center: scope.center, byCenter };
}

type Member = Awaited<ReturnType<typeof listStaff>>[number];

/**
 * Per-staff rows of these sales: every current staff member listed (a zero row says "sold
 * nothing"), of the center when one is given (its members, and whoever sold there).
 */
function staffRows(
  sales: readonly AttributedSale[],
  members: readonly Member[],
  centerId: string | null,
): StaffSales[] {
  const totals = new Map(members.map((m) => [m.clientId, emptyTotals()]));
  for (const sale of sales) {
    if (centerId !== null && sale.centerId !== centerId) continue;
    const t = totals.get(sale.actorClientId);
    if (t) add(t, sale);
  }
  const listed = (m: Member) => m.isCurrentStaff && (centerId === null || (m.centerIds ?? []).includes(centerId));
  return members
    .filter((m) => listed(m) || (totals.get(m.clientId)?.orders ?? 0) > 0)
    .map((m) => ({ staffId: m.id, name: displayName(m), ...(totals.get(m.clientId) ?? emptyTotals()) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** Per-staff totals of a center, or of the company (`centerId` null). */
export async function salesByStaff(db: DbOrTx, range: LagosRange, centerId: string | null = null) {
  const [sales, members] = await Promise.all([attributedSales(db, { paidIn: range }), listStaff(db)]);
  return staffRows(sales, members, centerId);
}

/** What the staff rows leave out of a total: orders paid in the app and not handed over yet. */
export type Unattributed = { orders: number; Cash: number; Electronic: number; Wallet: number; total: number };

/** One part of the per-staff report: a center's rows (or the company's, `center` null). */
export type StaffSalesSection = {
  center: { id: string; name: string } | null;
  staff: StaffSales[];
  unattributed: Unattributed;
};

/**
 * The per-staff report as its file has it: each center of the scope with its staff and what no
 * staff member took, then, for the company, the same for every center together.
 */
export async function staffSalesSections(
  db: DbOrTx,
  range: LagosRange,
  scope: ReportScope,
): Promise<StaffSalesSection[]> {
  const [attributed, members, paid] = await Promise.all([
    attributedSales(db, { paidIn: range }),
    listStaff(db),
    paidOrdersIn(db, range),
  ]);
  const inScope = scope.centerId === null ? paid : paid.filter((s) => s.centerId === scope.centerId);
  const section = (center: { id: string; name: string } | null, sales: readonly PaidOrder[]): StaffSalesSection => {
    const staff = staffRows(attributed, members, center?.id ?? null);
    const all = emptyTotals();
    for (const sale of sales) add(all, sale);
    for (const row of staff) {
      all.orders -= row.orders;
      all.total -= row.total;
      all.Cash -= row.Cash;
      all.Electronic -= row.Electronic;
      all.Wallet -= row.Wallet;
    }
    return { center, staff, unattributed: all };
  };
  const sections = (await centersOf(db, scope, inScope)).map((c) => section({ id: c.id, name: c.name }, c.sales));
  if (scope.centerId === null) sections.push(section(null, inScope));
  return sections;
}
