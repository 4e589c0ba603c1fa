import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { IdempotencyStore } from '../../plugins/idempotency';
import { idempotencyKeys } from './tables';

/** The idempotency plugin's keys, kept in the idempotency_keys table. */
export function createIdempotencyStore(db: DbOrTx): IdempotencyStore {
  const byKey = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  return {
    async claim(entry) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values(entry)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length > 0;
    },
    async find(scope, key) {
      const [row] = await db.select().from(idempotencyKeys).where(byKey(scope, key));
      return row ?? null;
    },
    async restart(scope, key) {
      await db.update(idempotencyKeys).set({ createdAt: new Date() }).where(byKey(scope, key));
    },
    async complete(scope, key, statusCode, responseBody) {
      await db.update(idempotencyKeys).set({ statusCode, responseBody }).where(byKey(scope, key));
    },
    async release(scope, key) {
      await db.delete(idempotencyKeys).where(byKey(scope, key));
    },
    async sweep(before) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
    },
  };
}
