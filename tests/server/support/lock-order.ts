import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../src/server/db/client';

/** How many sessions of this database wait on a row or transaction lock (PostgreSQL only). */
async function sessionsWaitingOnLocks(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]?.n ?? 0;
}

/**
 * Checks that `call` takes its locks in the order another path takes them. A transaction takes
 * `first` (the locks the other path holds first), starts `call`, waits until some session waits on
 * a lock (the call, on what `first` holds), then takes `then` (what the other path takes next) and
 * rolls back. If `call` took `then`'s rows before waiting, each holds what the other waits for and
 * PostgreSQL ends one of them with "deadlock detected". Answers what `call` answered.
 */
export async function callBetweenLocks<T>(
  db: Db,
  first: (tx: DbOrTx) => Promise<unknown>,
  call: () => Promise<T>,
  then: (tx: DbOrTx) => Promise<unknown>,
): Promise<T> {
  let answer: Promise<T> = Promise.reject(new Error('the call was not started'));
  answer.catch(() => {});
  await db
    .transaction(async (tx) => {
      await first(tx);
      answer = call();
      answer.catch(() => {});
      for (let i = 0; i < 300 && (await sessionsWaitingOnLocks(db)) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if ((await sessionsWaitingOnLocks(db)) === 0) throw new Error('the call never waited on a lock');
      await then(tx);
      tx.rollback();
    })
    .catch((err) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return answer;
}
