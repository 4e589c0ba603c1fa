import { buildApp } from './app';
import { loadConfigOrReport } from './config';
import { snapshotServer } from './db/backup';
import { scheduleDailyBackup } from './db/backup-schedule';
import { openDatabase } from './db/client';
import { claimForStart } from './db/operator-socket';
import { startPgliteProcess } from './db/pglite-process';
import { requestLogFields } from './lib/log-fields';
import * as schema from './schema';
import { demoAccounts } from './seed';

async function main() {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);
  // PGlite: this process owns DATA_DIR while it runs (db/operator-socket.ts). A second process on
  // the same folder would damage the database, so that start stops instead.
  const claimed = await claimForStart(config.DATABASE_URL, config.DATA_DIR, 'server');
  if (!claimed) process.exit(1);
  const { claim } = claimed;
  // The embedded database runs in a process of its own, off the thread that serves requests.
  const pgliteProcess = config.DATABASE_URL
    ? undefined
    : await startPgliteProcess(config.DATA_DIR, (code) => {
        console.error(`The embedded database process ended (exit code ${code}): stopping.`);
        process.exit(1);
      });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, schema, pgliteProcess });
  // `npm run backup` asks this process for a snapshot through the socket.
  claim?.serve(snapshotServer(database));
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: requestLogFields },
    },
  });

  const dailyBackup = config.BACKUP_DIR
    ? scheduleDailyBackup({
        database,
        databaseUrl: config.DATABASE_URL,
        dir: config.BACKUP_DIR,
        keepDays: config.BACKUP_KEEP_DAYS,
        at: config.BACKUP_AT,
        log: app.log,
      })
    : null;
  // Before the database closes (onClose): a backup under way finishes first.
  app.addHook('preClose', async () => {
    await dailyBackup?.stop();
    await claim?.release();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [
    '',
    `  Arrive is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'} · payments: ${config.PAYMENT_MODE} · SMS: ${config.SMS_PROVIDER}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.BACKUP_DIR) {
    lines.push(
      `  Daily backup: ${config.BACKUP_AT} Lagos time into ${config.BACKUP_DIR}, kept ${config.BACKUP_KEEP_DAYS} days`,
    );
  }
  if (config.seedDemo) {
    lines.push('  Demo accounts (sign in with the phone number; codes appear in the log and at /api/dev/outbox):');
    for (const account of demoAccounts) lines.push(`    ${account.label.padEnd(16)} ${account.phone}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
