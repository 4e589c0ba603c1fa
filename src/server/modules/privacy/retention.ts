import type { FastifyInstance } from 'fastify';
import {
  RETENTION_SWEEP_INTERVAL_MS,
  RIDER_POSITION_RETENTION_MS,
  SPENT_CODE_RETENTION_MS,
} from '../../../domain/constants';
import type { DbOrTx } from '../../db/client';
import { deleteSpentCodes } from '../auth';
import { clearEndedRiderPositions } from '../delivery';

export type RetentionReport = { riderPositionsCleared: number; spentCodesDeleted: number };

/**
 * One pass of the retention rules: rider positions of deliveries that ended more than
 * RIDER_POSITION_RETENTION_MS ago are cleared, and one-time codes that stopped working more than
 * SPENT_CODE_RETENTION_MS ago are deleted. Idempotent: instances running it at once only repeat
 * each other's deletes.
 */
export async function runRetention(db: DbOrTx, now = new Date()): Promise<RetentionReport> {
  const riderPositionsCleared = await clearEndedRiderPositions(
    db,
    new Date(now.getTime() - RIDER_POSITION_RETENTION_MS),
  );
  const spentCodesDeleted = await deleteSpentCodes(db, new Date(now.getTime() - SPENT_CODE_RETENTION_MS));
  return { riderPositionsCleared, spentCodesDeleted };
}

/**
 * Runs the retention pass once the app is ready and then every RETENTION_SWEEP_INTERVAL_MS, in
 * this process; a failed pass is logged and the next one tries again. Stops with the app.
 */
export function scheduleRetention(app: FastifyInstance, every = RETENTION_SWEEP_INTERVAL_MS): void {
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return;
    running = runRetention(app.db)
      .then((report) => {
        if (report.riderPositionsCleared || report.spentCodesDeleted) app.log.info(report, 'retention pass');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'the retention pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, every);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
