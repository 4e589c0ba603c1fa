import { asc, eq, sql } from 'drizzle-orm';
import type { DeliveryStatus, OrderStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { type OrderEventRow, orderEvents } from './tables';

/**
 * Appends a step to an order's timeline. Call it in the same transaction that changes the
 * order's (or its delivery's) status, so the timeline never disagrees with the row.
 */
export async function recordOrderEvent(
  db: DbOrTx,
  orderId: string,
  status: OrderStatus | DeliveryStatus,
  options: { kind?: 'order' | 'delivery'; note?: string | null; actorClientId?: string | null; at?: Date } = {},
): Promise<OrderEventRow> {
  const [row] = await insertOrderEvent.run(db, {
    orderId,
    status,
    kind: options.kind ?? 'order',
    note: options.note ?? null,
    actorClientId: options.actorClientId ?? null,
    // Set here, not by the database: now() is the transaction's start, so two steps in one
    // transaction would tie.
    createdAt: options.at ?? new Date(),
  });
  if (!row) throw new Error('order event insert returned nothing');
  return row;
}

/** Every status change writes one: built once (db/statement.ts). */
const insertOrderEvent = statement('insert_order_event', (db) =>
  db
    .insert(orderEvents)
    .values({
      orderId: sql.placeholder('orderId'),
      status: sql.placeholder('status'),
      kind: sql.placeholder('kind'),
      note: sql.placeholder('note'),
      actorClientId: sql.placeholder('actorClientId'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning(),
);

export async function listOrderEvents(db: DbOrTx, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt));
}
