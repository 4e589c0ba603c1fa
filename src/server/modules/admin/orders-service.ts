import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/enums';
import type { AdminOrderDetail, AdminOrderSummary } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { clients } from '../client/tables';
import { orderEvents, orderItems, orders } from '../order/tables';
import type { LagosRange } from '../sales/lagos-range';
import { displayName } from '../sales/service';

const summaryColumns = {
  order: orders,
  firstname: clients.firstname,
  lastname: clients.lastname,
  phoneLocal: clients.phoneLocal,
};

type SummaryRow = {
  order: typeof orders.$inferSelect;
  firstname: string | null;
  lastname: string | null;
  phoneLocal: string;
};

function toSummary({ order, ...client }: SummaryRow): AdminOrderSummary {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentType: order.paymentType,
    deliveryOption: order.deliveryOption,
    type: order.type,
    total: order.total,
    clientName: displayName(client),
    clientPhone: client.phoneLocal,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/** Orders placed in a Lagos day range, newest first, optionally of one status. */
export async function listOrders(db: DbOrTx, filter: { status?: OrderStatus; range: LagosRange }, limit = 500) {
  const conditions: SQL[] = [gte(orders.createdAt, filter.range.from), lt(orders.createdAt, filter.range.to)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** One order with its lines and timeline, for the counter; null when there is no such order. */
export async function orderDetail(db: DbOrTx, id: string): Promise<AdminOrderDetail | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const [items, events] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt)),
  ]);
  return {
    ...toSummary(row),
    subtotal: row.order.subtotal,
    deliveryFee: row.order.deliveryFee,
    pickupDispute: row.order.pickupDispute,
    isDelivered: row.order.isDelivered,
    deliveredAt: row.order.deliveredAt?.toISOString() ?? null,
    items: items.map((i) => ({
      name: i.name,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      sizeKg: i.sizeKg,
      lineTotal: i.lineTotal,
    })),
    events: events.map((e) => ({ status: e.status, note: e.note, createdAt: e.createdAt.toISOString() })),
  };
}
