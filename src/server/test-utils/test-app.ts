import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import pg from 'pg';
import { normalizePhone } from '../../domain/phone';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ACCESS_COOKIE, createSession } from '../modules/auth';
import { clients } from '../modules/client/tables';
import * as schema from '../schema';
import { migratedPglite } from './pglite-template';

/** Creates an empty database on a PostgreSQL server; answers its URL and a drop function. */
export async function createFreshDatabase(serverUrl: string, prefix = 'arrive_test') {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Answers whether a PostgreSQL server accepts connections (quickly). */
export async function postgresReachable(serverUrl: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export type TestAppOptions = {
  /** Environment over the test defaults (NODE_ENV=test, no static build, a trusted proxy). */
  env?: Record<string, string>;
  /**
   * postgres://… of an existing database. Otherwise a fresh database on TEST_DATABASE_URL's
   * server (dropped on close) when that variable is set, or PGlite in memory.
   */
  databaseUrl?: string;
  /** Off unless given, e.g. a level and a stream to check what the server logs. */
  logger?: FastifyServerOptions['logger'];
  /** Counts the statements sent (`app.database.queryCount()`), e.g. to check a call's round trips. */
  countQueries?: boolean;
  /**
   * Origins of the test's own listeners (a push service, an SMS provider) that the server may
   * call although they are local: every other local address stays refused, as in production.
   */
  allowLocalOrigins?: readonly string[];
  /** Called before ready, e.g. to add a probe route declared like any module route. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
};

/**
 * Builds the real app for a test: the same buildApp and the same migrations as production, on
 * the database chosen as `databaseUrl` says.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  let url = options.databaseUrl;
  let drop: (() => Promise<void>) | undefined;
  if (!url && process.env.TEST_DATABASE_URL) {
    const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL);
    url = fresh.url;
    drop = fresh.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: 'dist-does-not-exist',
    PUBLIC_URL: 'http://localhost:8080',
    // Tests play several client addresses through X-Forwarded-For, as a trusted proxy would.
    TRUST_PROXY: 'true',
    ...options.env,
  });
  const database = await openDatabase({
    url,
    countQueries: options.countQueries,
    schema,
    ...(url ? {} : { pgliteFrom: await migratedPglite() }),
  });
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    allowLocalOrigins: options.allowLocalOrigins,
  });
  if (drop) app.addHook('onClose', drop);
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}

/** Mutating calls need x-platform (a cross-site form or link cannot send it); tests send it like the web does. */
export const webHeaders = { 'x-platform': 'web' } as const;

export type Session = { clientId: string; cookie: string };

/**
 * Signs a client in directly through the session service (creating the client when new), for
 * tests of other areas. The OTP flow itself is covered by the auth suites.
 */
export async function signInAs(app: FastifyInstance, phone: string): Promise<Session> {
  const { local, international } = normalizePhone(phone);
  const existing = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.phoneLocal, local));
  const clientId =
    existing[0]?.id ??
    (
      await app.db
        .insert(clients)
        .values({ phoneLocal: local, phoneInternational: international, isVerified: true })
        .returning({ id: clients.id })
    )[0]?.id;
  if (!clientId) throw new Error('could not create the client');
  const tokens = await createSession(app.db, app.config, clientId);
  return { clientId, cookie: `${ACCESS_COOKIE}=${tokens.accessToken}` };
}

/** app.inject with the session cookie and web headers of a signed-in client. */
export function injectAs(app: FastifyInstance, session: Session | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { ...webHeaders, ...(session ? { cookie: session.cookie } : {}), ...options.headers },
  });
}
