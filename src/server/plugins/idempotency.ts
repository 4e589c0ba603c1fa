import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorType } from '../../domain/errors';
import { sha256 } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (a retried call gets its first answer again). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
}

/** One remembered key: the request it was first used for and, once answered with 2xx, the answer. */
export type IdempotencyEntry = {
  scope: string;
  key: string;
  route: string;
  bodyHash: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: Date;
};

/** Where the keys are kept; given by app.ts (the app module's table), so the plugin imports no module. */
export type IdempotencyStore = {
  /** Records a new key as in progress; false when the key is already there. */
  claim: (entry: Pick<IdempotencyEntry, 'scope' | 'key' | 'route' | 'bodyHash'>) => Promise<boolean>;
  find: (scope: string, key: string) => Promise<IdempotencyEntry | null>;
  /** Takes over a key whose first request never finished. */
  restart: (scope: string, key: string) => Promise<void>;
  complete: (scope: string, key: string, statusCode: number, responseBody: string) => Promise<void>;
  release: (scope: string, key: string) => Promise<void>;
  /** Forgets keys created before the date. */
  sweep: (before: Date) => Promise<void>;
};

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept at least this long. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1000;
/** A first request that never finished (a crash) stops blocking its key after this long. */
const STALE_IN_PROGRESS_MS = 60 * 1000;

function scopeOf(request: FastifyRequest) {
  return request.auth ? `client:${request.auth.clientId}` : `ip:${request.ip}`;
}

/**
 * Same key and same body → the first (successful) response again; same key and another body →
 * an error; a key whose first request is still running → 409. Only 2xx answers are remembered,
 * so a refused request may be retried with the same key once its cause is fixed.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, { store }: { store: IdempotencyStore }) => {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 200) {
      throw new AppError('Idempotency-Key must be 1 to 200 characters', { status: 400, type: ErrorType.InvalidInput });
    }
    const scope = scopeOf(request);
    const route = `${request.method} ${request.url}`;
    const bodyHash = sha256(`${route}\n${JSON.stringify(request.body ?? null)}`);
    if (!(await store.claim({ scope, key, route, bodyHash }))) {
      const existing = await store.find(scope, key);
      if (!existing) throw new AppError('Please retry', { status: 409, type: ErrorType.Conflict });
      if (existing.bodyHash !== bodyHash) {
        throw new AppError('This Idempotency-Key was already used for another request', {
          status: 422,
          type: ErrorType.IdempotencyKeyReused,
        });
      }
      if (existing.statusCode === null) {
        const stale = Date.now() - existing.createdAt.getTime() > STALE_IN_PROGRESS_MS;
        if (!stale) {
          throw new AppError('The first request with this Idempotency-Key is still being processed', {
            status: 409,
            type: ErrorType.Conflict,
          });
        }
        await store.restart(scope, key);
      } else {
        reply.header('idempotent-replayed', 'true');
        return reply
          .code(existing.statusCode)
          .type('application/json')
          .send(existing.responseBody ?? '');
      }
    }
    request.idempotency = { scope, key };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      await store.complete(held.scope, held.key, reply.statusCode, body);
    } else {
      await store.release(held.scope, held.key);
    }
    return payload;
  });

  const sweep = async () => {
    const cutoff = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
    await store.sweep(cutoff).catch((err: unknown) => app.log.warn({ err }, 'idempotency sweep failed'));
  };
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
