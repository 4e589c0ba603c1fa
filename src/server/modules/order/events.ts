import { asc, eq } from 'drizzle-orm';
import type { DeliveryStatus, OrderStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
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
  const [row] = await db
    .insert(orderEvents)
    .values({
      orderId,
      status,
      kind: options.kind ?? 'order',
      note: options.note ?? null,
      actorClientId: options.actorClientId ?? null,
      // Set here, not by the database: now() is the transaction's start, so two steps in one
      // transaction would tie.
      createdAt: options.at ?? new Date(),
    })
    .returning();
  if (!row) throw new Error('order event insert returned nothing');
  return row;
}

export async function listOrderEvents(db: DbOrTx, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt));
}
