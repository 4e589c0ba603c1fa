import type { OrderStatus } from '../../../domain/enums';
import type { AdminOrderDetail, AdminOrderSummary } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import type { LagosRange } from '../../lib/lagos-range';
import { centerNamesOf } from '../centers';
import { type ClientSummary, displayName, findClientsByIds } from '../client';
import { findOrderById, listOrderEvents, listOrderItems, listOrdersPlaced, type OrderRow } from '../order';

/** An order whose client row is gone shows no name (the foreign key makes it not happen). */
const noClient = { firstname: null, lastname: null, phoneLocal: '' };

function toSummary(
  order: OrderRow,
  client: Pick<ClientSummary, 'firstname' | 'lastname' | 'phoneLocal'>,
  centerNames: Map<string, string>,
): AdminOrderSummary {
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
    centerId: order.centerId,
    centerName: centerNames.get(order.centerId) ?? '',
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/**
 * Orders placed in a Lagos day range, newest first, optionally of one status, of one gas center
 * (`centerId` null: every center's), their clients in one batch.
 */
export async function listOrders(
  db: DbOrTx,
  filter: { status?: OrderStatus | undefined; range: LagosRange; centerId: string | null },
  limit = 500,
) {
  const rows = await listOrdersPlaced(
    db,
    {
      from: filter.range.from,
      to: filter.range.to,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.centerId ? { centerId: filter.centerId } : {}),
    },
    limit,
  );
  const [clients, centerNames] = await Promise.all([
    findClientsByIds(
      db,
      rows.map((o) => o.clientId),
    ),
    centerNamesOf(
      db,
      rows.map((o) => o.centerId),
    ),
  ]);
  return rows.map((o) => toSummary(o, clients.get(o.clientId) ?? noClient, centerNames));
}

/** One order with its lines and timeline, for the counter; null when there is no such order. */
export async function orderDetail(db: DbOrTx, id: string): Promise<AdminOrderDetail | null> {
  const order = await findOrderById(db, id);
  if (!order) return null;
  const [clients, items, events, centerNames] = await Promise.all([
    findClientsByIds(db, [order.clientId]),
    listOrderItems(db, id),
    listOrderEvents(db, id),
    centerNamesOf(db, [order.centerId]),
  ]);
  return {
    ...toSummary(order, clients.get(order.clientId) ?? noClient, centerNames),
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    pickupDispute: order.pickupDispute,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
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
