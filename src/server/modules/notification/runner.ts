import type { FastifyInstance } from 'fastify';
import { type ReminderSources, runReminderJob } from './reminders';
import { runOutboxOnce, type WorkerOptions } from './worker';

export type NotificationRunner = {
  /** One pass by hand: the reminder job if due, then the outbox (tests, and the timer). */
  tick(options?: WorkerOptions): Promise<void>;
  sources: ReminderSources;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification worker of this instance (sends the outbox, runs the reminder job). */
    notifications: NotificationRunner;
  }
}

/**
 * Builds the worker and, when NOTIFICATION_WORKER_MS > 0, runs it in this process every that
 * many ms once the app is ready; it stops (and waits for the pass under way) when the app closes.
 * A failing pass is logged and the next one tries again: nothing here reaches a request.
 */
export function registerNotificationRunner(app: FastifyInstance, sources: ReminderSources): void {
  const runner: NotificationRunner = {
    sources,
    async tick(options = {}) {
      await runReminderJob(app.db, sources, options.now?.() ?? new Date());
      // Until the outbox is drained (a backlog after an outage), at most a few batches a pass.
      for (let i = 0; i < 5; i++) {
        if ((await runOutboxOnce(app, options)) === 0) break;
      }
    },
  };
  app.decorate('notifications', runner);

  const every = app.config.NOTIFICATION_WORKER_MS;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      running = runner
        .tick()
        .catch((err) => app.log.error({ err }, 'the notification worker failed a pass'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, every);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
