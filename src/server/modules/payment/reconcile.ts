import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PaymentGateway, PaymentStatus } from '../../../domain/enums';
import { ABANDON_AFTER_MS, type VerifyOutcome, verifyPayment } from './processing';
import { reconcileRefunds } from './refunds';
import { payments } from './tables';

/** How far back reconciliation looks: older unsettled payments are left to staff. */
const LOOKBACK_MS = 3 * ABANDON_AFTER_MS;
/** A payment with no access code this old was never handed to anyone: close it. */
const STUCK_INITIALIZE_MS = 10 * 60 * 1000;
const BATCH = 50;

export type ReconcileReport = { checked: number } & Partial<Record<VerifyOutcome, number>> & {
    /** Automatic refunds asked for again (gateway down before) and refunds checked with Paystack. */
    refunds?: { requested: number; rechecked: number };
  };

/**
 * Re-verifies unsettled Paystack payments, so a closed tab or a lost webhook cannot leave a paid
 * order unpaid, nor a late success of a closed checkout unrefunded; then moves automatic refunds
 * along. `force` ignores the back-off (tests, the CLI).
 */
export async function reconcilePayments(
  app: FastifyInstance,
  options: { force?: boolean; now?: Date } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  await app.db
    .update(payments)
    .set({ status: PaymentStatus.Failed, gatewayResponse: 'Initialization did not complete' })
    .where(
      and(
        eq(payments.status, PaymentStatus.Pending),
        isNull(payments.accessCode),
        lt(payments.createdAt, new Date(now.getTime() - STUCK_INITIALIZE_MS)),
      ),
    );
  const due = await app.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, PaymentGateway.Paystack),
        or(
          inArray(payments.status, [PaymentStatus.Pending, PaymentStatus.Ongoing, PaymentStatus.Queued]),
          // A declined card may be followed by another card on the same checkout; a checkout
          // closed because the order was paid another way may still be paid (then refunded).
          and(
            or(
              eq(payments.status, PaymentStatus.Failed),
              and(eq(payments.status, PaymentStatus.Abandoned), isNotNull(payments.closedAt)),
            ),
            gt(payments.createdAt, new Date(now.getTime() - ABANDON_AFTER_MS)),
          ),
        ),
        isNull(payments.valueGivenAt),
        sql`${payments.accessCode} is not null`,
        gt(payments.createdAt, new Date(now.getTime() - LOOKBACK_MS)),
        options.force
          ? undefined
          : or(
              isNull(payments.lastCheckedAt),
              // Back-off per payment, evaluated in SQL so the batch only holds due rows.
              sql`${payments.lastCheckedAt} < ${now.toISOString()}::timestamptz - (least(30 * power(2, least(${payments.checkAttempts}, 10)), 1800) * interval '1 second')`,
            ),
      ),
    )
    .orderBy(asc(payments.lastCheckedAt), asc(payments.createdAt))
    .limit(BATCH);
  const report: ReconcileReport = { checked: 0 };
  for (const payment of due) {
    try {
      const { outcome } = await verifyPayment(app, payment);
      report[outcome] = (report[outcome] ?? 0) + 1;
    } catch (err) {
      app.log.error({ err, reference: payment.reference }, 'reconciling a payment failed');
      report.unreachable = (report.unreachable ?? 0) + 1;
    }
    report.checked += 1;
  }
  try {
    report.refunds = await reconcileRefunds(app, options);
  } catch (err) {
    app.log.error({ err }, 'reconciling refunds failed');
  }
  return report;
}

export const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Runs reconciliation on a timer, one round at a time, and soon after a (re)start too: payments
 * left pending by a crash should not wait a full interval. Answers the function that stops it.
 */
export function startReconciliation(
  app: FastifyInstance,
  { intervalMs = RECONCILE_INTERVAL_MS, startupDelayMs = 5_000 }: { intervalMs?: number; startupDelayMs?: number } = {},
): () => void {
  let running = false;
  let stopped = false;
  const round = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const report = await reconcilePayments(app);
      if (report.checked > 0) app.log.info({ report }, 'payments reconciled');
    } catch (err) {
      app.log.error({ err }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  const first = setTimeout(() => void round(), startupDelayMs);
  first.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
  };
}
