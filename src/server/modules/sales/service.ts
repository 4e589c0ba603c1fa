import { and, asc, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { OrderStatus, type PaymentType } from '../../../domain/enums';
import { lagosDateKey } from '../../../domain/format';
import type { SalesTotals } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { clients } from '../client/tables';
import { orderEvents, orders } from '../order/tables';
import { staff } from '../staff/tables';
import { daysOf, type LagosRange } from './lagos-range';

/** Statuses of an order whose money was taken (a refused pickup was still paid for). */
export const PAID_STATUSES = [
  OrderStatus.Paid,
  OrderStatus.Delivered,
  OrderStatus.ClientRejectPickup,
  OrderStatus.StaffRejectPickup,
] as const;

/**
 * Which events make a sale a staff member's: taking the payment at the counter (Paid), or handing
 * the goods over (Delivered) when the client paid online. The first such event by a staff member wins,
 * so an order counts once, for one person.
 */
const ATTRIBUTING_STATUSES = [OrderStatus.Paid, OrderStatus.Delivered];

export type PaidOrder = { id: string; total: number; paymentType: PaymentType | null; paidAt: Date };
export type AttributedSale = PaidOrder & { staffId: string; attributedAt: Date };

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
  const rows = await db
    .select({ id: orders.id, total: orders.total, paymentType: orders.paymentType, paidAt: orders.paidAt })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...PAID_STATUSES]),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, range.from),
        lt(orders.paidAt, range.to),
      ),
    );
  return rows.flatMap((r) => (r.paidAt ? [{ ...r, paidAt: r.paidAt }] : []));
}

/**
 * Paid orders attributed to staff members, each to the first staff member who took its payment
 * or handed it over. `window` filters on when that happened (a shift); `paidIn` on when it was paid.
 */
export async function attributedSales(
  db: DbOrTx,
  filter: { staffId?: string; window?: { from: Date; to: Date }; paidIn?: { from: Date; to: Date } },
): Promise<AttributedSale[]> {
  const firstStaffEvent = db
    .selectDistinctOn([orderEvents.orderId], {
      orderId: orderEvents.orderId,
      staffId: staff.id,
      attributedAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .innerJoin(staff, eq(staff.clientId, orderEvents.actorClientId))
    .where(inArray(orderEvents.status, ATTRIBUTING_STATUSES))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.createdAt))
    .as('first_staff_event');
  const conditions: SQL[] = [inArray(orders.status, [...PAID_STATUSES]), isNotNull(orders.paidAt)];
  if (filter.staffId) conditions.push(eq(firstStaffEvent.staffId, filter.staffId));
  if (filter.window) {
    conditions.push(
      gte(firstStaffEvent.attributedAt, filter.window.from),
      lt(firstStaffEvent.attributedAt, filter.window.to),
    );
  }
  if (filter.paidIn) conditions.push(gte(orders.paidAt, filter.paidIn.from), lt(orders.paidAt, filter.paidIn.to));
  const rows = await db
    .select({
      id: orders.id,
      total: orders.total,
      paymentType: orders.paymentType,
      paidAt: orders.paidAt,
      staffId: firstStaffEvent.staffId,
      attributedAt: firstStaffEvent.attributedAt,
    })
    .from(orders)
    .innerJoin(firstStaffEvent, eq(firstStaffEvent.orderId, orders.id))
    .where(and(...conditions));
  return rows.flatMap((r) => (r.paidAt ? [{ ...r, paidAt: r.paidAt }] : []));
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
  const [sales, members] = await Promise.all([
    attributedSales(db, { paidIn: range }),
    db
      .select({
        staffId: staff.id,
        isCurrentStaff: staff.isCurrentStaff,
        firstname: clients.firstname,
        lastname: clients.lastname,
        phoneLocal: clients.phoneLocal,
      })
      .from(staff)
      .innerJoin(clients, eq(clients.id, staff.clientId)),
  ]);
  const totals = new Map(members.map((m) => [m.staffId, emptyTotals()]));
  for (const sale of sales) {
    const t = totals.get(sale.staffId);
    if (t) add(t, sale);
  }
  return members
    .filter((m) => m.isCurrentStaff || (totals.get(m.staffId)?.orders ?? 0) > 0)
    .map((m) => ({ staffId: m.staffId, name: displayName(m), ...(totals.get(m.staffId) ?? emptyTotals()) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

export function displayName(p: { firstname: string | null; lastname: string | null; phoneLocal: string }): string {
  const name = [p.firstname, p.lastname].filter(Boolean).join(' ').trim();
  return name || p.phoneLocal;
}
