import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { normalizePhone } from '../../domain/phone';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ACCESS_COOKIE, createSession } from '../modules/auth/session-service';
import { clients } from '../modules/client/tables';

/**
 * Builds the real app for a test: PGlite in memory by default, or a fresh PostgreSQL database
 * (created from TEST_DATABASE_URL, dropped on close) when that variable is set.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { beforeReady?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<FastifyInstance> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `arrive_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    STATIC_DIR: 'dist-does-not-exist',
    PUBLIC_URL: 'http://localhost:8080',
    // Tests play several client addresses through X-Forwarded-For, as a trusted proxy would.
    TRUST_PROXY: 'true',
    ...env,
  });
  const database = await openDatabase({ url });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (dropDatabase) app.addHook('onClose', dropDatabase);
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}

/** Mutating calls need x-platform (DESIGN: security); tests send it like the web does. */
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
