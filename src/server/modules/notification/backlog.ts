import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationOutbox } from './tables';

/**
 * Messages not sent yet, for the operator's metrics: `due` waits for the worker now (a claimed
 * row being sent is not due: its lease moved it on), `pending` includes those waiting for a retry.
 * One count over the outbox's (status, next_attempt_at) index.
 */
export async function outboxBacklog(db: DbOrTx): Promise<{ due: number; pending: number }> {
  const [row] = await db
    .select({
      due: sql<number>`(count(*) filter (where ${notificationOutbox.nextAttemptAt} <= now()))::int`,
      pending: sql<number>`count(*)::int`,
    })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.status, 'pending'));
  return { due: Number(row?.due ?? 0), pending: Number(row?.pending ?? 0) };
}
