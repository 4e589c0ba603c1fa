import { asc, inArray } from 'drizzle-orm';
import { OrderStatus } from '../../../domain/enums';
import { canTransition } from '../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../domain/lifecycles/order';
import { deliveryAddressSchema, type Order, type OrderEvent } from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import { centerNamesOf } from '../centers';
import { findProductTypesByIds } from '../product';
import { type OrderEventRow, type OrderItemRow, type OrderRow, orderEvents, orderItems } from './tables';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Only Not Paid orders can be cancelled (order lifecycle): from then on, money may be moving. */
export const isCancellable = (order: Pick<OrderRow, 'status'>) =>
  canTransition(orderLifecycle, order.status, OrderStatus.Cancelled, 'client');

/** The pickup code is shown while it can be used: paid, not handed over. */
const showsPickupCode = (order: OrderRow) => order.status === OrderStatus.Paid && !order.isDelivered;

function timeline(order: OrderRow, rows: OrderEventRow[]): OrderEvent[] {
  const events: OrderEvent[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    note: r.note,
    at: r.createdAt.toISOString(),
  }));
  // Steps made by other areas without a timeline entry still show, from the order's own times.
  const has = (status: string) => events.some((e) => e.kind === 'order' && e.status === status);
  const implied: [string, Date | null][] = [
    [OrderStatus.Paid, order.paidAt],
    [OrderStatus.Delivered, order.deliveredAt],
    [OrderStatus.Cancelled, order.cancelledAt],
  ];
  for (const [status, at] of implied) {
    if (at && !has(status)) {
      events.push({
        id: `${order.id}:${status}`,
        kind: 'order',
        status: status as OrderEvent['status'],
        note: null,
        at: at.toISOString(),
      });
    }
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Orders as the API sends them, with their lines and timelines, in two queries per batch (and
 * the centers' names, remembered: centers/service.ts).
 */
export async function toOrderViews(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [itemRows, events, centerNames] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.position)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.createdAt)),
    centerNamesOf(
      db,
      rows.map((r) => r.centerId),
    ),
  ]);
  // The lines' product types in one batch (every line names a product: a foreign key).
  const types = await findProductTypesByIds(
    db,
    itemRows.map((i) => i.productId),
  );
  const items = itemRows.flatMap((item) => {
    const productType = types.get(item.productId);
    return productType ? [{ item, productType }] : [];
  });
  const itemsOf = new Map<string, { item: OrderItemRow; productType: Order['items'][number]['productType'] }[]>();
  for (const it of items) itemsOf.set(it.item.orderId, [...(itemsOf.get(it.item.orderId) ?? []), it]);
  const eventsOf = new Map<string, OrderEventRow[]>();
  for (const ev of events) eventsOf.set(ev.orderId, [...(eventsOf.get(ev.orderId) ?? []), ev]);

  return rows.map((o) =>
    orderViewOf(o, centerNames.get(o.centerId) ?? '', itemsOf.get(o.id) ?? [], eventsOf.get(o.id) ?? []),
  );
}

/**
 * One order as the API sends it, from its row, its center's name, its lines (with their product
 * types) and its timeline rows.
 */
export function orderViewOf(
  o: OrderRow,
  centerName: string,
  lines: { item: OrderItemRow; productType: Order['items'][number]['productType'] }[],
  eventRows: OrderEventRow[],
): Order {
  const address = deliveryAddressSchema.safeParse(o.deliveryAddress);
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    paymentNumber: o.orderPaymentNumber,
    type: o.type,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentType: o.paymentType,
    deliveryOption: o.deliveryOption,
    centerId: o.centerId,
    centerName,
    deliveryAddress: address.success ? address.data : null,
    homeDeliveryType: o.homeDeliveryType,
    nomineeName: o.nomineeName,
    nomineePhone: o.nomineePhone,
    subtotal: o.subtotal,
    deliveryFee: o.deliveryFee,
    total: o.total,
    deliveryDistanceKm: o.deliveryDistanceKm,
    deliveryFeeIsEstimate: o.deliveryFeeIsEstimate,
    isDelivered: o.isDelivered,
    pickupDispute: o.pickupDispute,
    pickupCode: showsPickupCode(o) ? o.pickupCode : null,
    canCancel: isCancellable(o),
    paidAt: iso(o.paidAt),
    deliveredAt: iso(o.deliveredAt),
    cancelledAt: iso(o.cancelledAt),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    items: lines.map(({ item, productType }) => ({
      id: item.id,
      productId: item.productId,
      productType,
      name: item.name,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      sizeKg: item.sizeKg,
      lineTotal: item.lineTotal,
    })),
    events: timeline(o, eventRows),
  };
}

export async function toOrderView(db: DbOrTx, row: OrderRow): Promise<Order> {
  const [view] = await toOrderViews(db, [row]);
  if (!view) throw new Error('toOrderView: no view');
  return view;
}
