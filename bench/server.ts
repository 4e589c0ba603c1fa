// The server under load, run as a child process of bench/run.ts so its memory is its own: the real
// app (buildApp) on PostgreSQL or on embedded PGlite (no DATABASE_URL: BENCH_PGLITE_DIR; in its own
// process as the server runs it, or in this one with BENCH_PGLITE_INLINE=1), plus a bare route on
// the same Fastify instance as the baseline. Answers the parent over IPC: its memory, its
// statement count, SQL for the data set (through the server's own database client), sessions,
// CPU profiles, and the areas' scenarios in bench/scenarios/.
import { readdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { startPgliteProcess } from '../src/server/db/pglite-process';
import { createSession } from '../src/server/modules/auth/session-service';
import * as schema from '../src/server/schema';
import { summariseProfile } from './profile';

export type ParentMessage =
  | { id: number; type: 'memory' }
  | { id: number; type: 'rss' }
  | { id: number; type: 'sockets' }
  | { id: number; type: 'queries' }
  | { id: number; type: 'sql'; text: string; params?: unknown[] }
  | { id: number; type: 'token'; clientId: string }
  | { id: number; type: 'profile-start' }
  | { id: number; type: 'profile-stop'; file: string }
  | { id: number; type: 'loop-start' }
  | { id: number; type: 'loop-stop' }
  | { id: number; type: 'scenario'; area: string; options: Record<string, unknown> }
  | { id: number; type: 'prepare'; area: string; options: Record<string, unknown> }
  | { id: number; type: 'prepare-wallet'; clientId: string; amount: number };

/** The event loop's delay over a scenario, ms. */
export type LoopDelay = { p99: number; max: number };

export type ChildMessage =
  | { type: 'ready'; port: number }
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'error'; message: string };

const scenariosDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');

type ScenarioFn = (app: FastifyInstance, options: Record<string, unknown>) => Promise<unknown>;

/**
 * An area's scenario (a `run…` function in bench/scenarios/<area>.ts or <area>-….ts), or the half
 * of one that writes its data beside the app (`prepare…`) while the parent measures, if any.
 */
async function findScenario(
  area: string,
  verb: 'run' | 'prepare' = 'run',
): Promise<{ name: string; run: ScenarioFn } | null> {
  const files = readdirSync(scenariosDir).filter(
    (f) => f === `${area}.ts` || (f.startsWith(`${area}-`) && f.endsWith('.ts')),
  );
  for (const file of files) {
    const mod = (await import(path.join(scenariosDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === 'function' && name.startsWith(verb))
        return { name: `scenarios/${file}#${name}`, run: value as ScenarioFn };
    }
  }
  return null;
}

async function prepareWallet(app: FastifyInstance, clientId: string, amount: number) {
  const { createWallet } = await import('../src/server/modules/wallet/create-wallet');
  const { simulateTransfer } = await import('../src/server/integrations/paystack/emulator');
  const wallet = await createWallet(app, clientId, {
    firstname: 'Bench',
    lastname: 'Wallet',
    email: `bench-wallet-${clientId}@example.com`,
    consentGiven: true,
  });
  if (!wallet.accountNumber) throw new Error('the wallet has no virtual account');
  await simulateTransfer(app, { accountNumber: wallet.accountNumber, amount });
  return { walletId: wallet.id };
}

async function main() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-session-secret-0123456789abcdef0123456789',
    // Production code paths, on the sandbox so no real money moves.
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    SEED_DEMO: 'true',
    PAYMENT_MODE: 'sandbox',
    SMS_PROVIDER: 'console',
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: 'dist-not-used-by-the-bench',
  });
  // The default database as `npm start` runs it: PGlite in its own process.
  const pgliteDir = process.env.BENCH_PGLITE_DIR;
  const pgliteProcess =
    config.DATABASE_URL || !pgliteDir || process.env.BENCH_PGLITE_INLINE === '1'
      ? undefined
      : await startPgliteProcess(pgliteDir, (code) => {
          console.error(`bench server: the embedded database process ended (${code})`);
          process.exit(1);
        });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: pgliteDir,
    pgliteProcess,
    countQueries: true,
    schema,
  });
  await database.migrate();
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  // Routes can be added until ready: the baseline is the same instance, hooks and all.
  app.get('/bench/bare', async () => ({ ok: true }));
  // A fixed port (BENCH_PORT) lets an instance restarted by the fault scenarios be found again.
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const raw$ = (
    database.db as unknown as { $client: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[] }> } }
  ).$client;
  let profiler: Session | null = null;
  // How late the server's event loop ran its timers during a scenario: what every other request
  // and socket of the instance waits on top of its own work.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });

  process.on('message', async (raw: ParentMessage) => {
    const reply = (message: ChildMessage) => process.send?.(message);
    try {
      if (raw.type === 'memory') {
        globalThis.gc?.();
        reply({ id: raw.id, type: 'result', value: process.memoryUsage() });
      } else if (raw.type === 'rss') {
        // As it is, no GC forced: what the operator's process metrics show.
        reply({ id: raw.id, type: 'result', value: process.memoryUsage.rss() });
      } else if (raw.type === 'sockets') {
        reply({ id: raw.id, type: 'result', value: app.io.engine.clientsCount });
      } else if (raw.type === 'queries') {
        reply({ id: raw.id, type: 'result', value: database.queryCount() });
      } else if (raw.type === 'sql') {
        const { rows } = await raw$.query(raw.text, raw.params);
        reply({ id: raw.id, type: 'result', value: { rows } });
      } else if (raw.type === 'token') {
        const session = await createSession(database.db, { SESSION_SECRET: config.SESSION_SECRET }, raw.clientId);
        reply({ id: raw.id, type: 'result', value: session.accessToken });
      } else if (raw.type === 'profile-start') {
        // The V8 sampling profiler --cpu-prof uses, started and stopped around one scenario.
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
        await profiler.post('Profiler.start');
        reply({ id: raw.id, type: 'result', value: true });
      } else if (raw.type === 'profile-stop') {
        if (!profiler) throw new Error('no profile running');
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        profiler = null;
        writeFileSync(raw.file, JSON.stringify(profile));
        reply({ id: raw.id, type: 'result', value: summariseProfile(profile, 8) });
      } else if (raw.type === 'loop-start') {
        loopDelay.reset();
        loopDelay.enable();
        reply({ id: raw.id, type: 'result', value: true });
      } else if (raw.type === 'loop-stop') {
        loopDelay.disable();
        const value: LoopDelay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
        reply({ id: raw.id, type: 'result', value });
      } else if (raw.type === 'prepare-wallet') {
        reply({ id: raw.id, type: 'result', value: await prepareWallet(app, raw.clientId, raw.amount) });
      } else if (raw.type === 'scenario') {
        const scenario = await findScenario(raw.area);
        if (!scenario) reply({ id: raw.id, type: 'result', value: null });
        else
          reply({
            id: raw.id,
            type: 'result',
            value: {
              name: scenario.name,
              // The scenario counts the statements of its measured phase alone.
              report: await scenario.run(app, { ...raw.options, queryCount: () => database.queryCount() }),
            },
          });
      } else if (raw.type === 'prepare') {
        const prepare = await findScenario(raw.area, 'prepare');
        reply({
          id: raw.id,
          type: 'result',
          value: prepare ? { name: prepare.name, plan: await prepare.run(app, raw.options) } : null,
        });
      }
    } catch (err) {
      reply({ id: raw.id, type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  });
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
  process.send?.({ type: 'ready', port } satisfies ChildMessage);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
