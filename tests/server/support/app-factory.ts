import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/client';

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

export type CustomAppOptions = {
  env?: Record<string, string>;
  /** postgres://… of an existing database; otherwise TEST_DATABASE_URL's server (fresh db) or PGlite. */
  databaseUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Called before ready, e.g. to add a bench route. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
};

/**
 * Like buildTestApp, with a logger, an explicit database and a hook before ready: the same
 * buildApp, the same migrations.
 */
export async function buildCustomApp(options: CustomAppOptions = {}): Promise<FastifyInstance> {
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
    ...options.env,
  });
  const database = await openDatabase({ url });
  await database.migrate();
  const app = await buildApp({ config, database, logger: options.logger ?? false });
  if (drop) app.addHook('onClose', drop);
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}
