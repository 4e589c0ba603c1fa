import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DbOrTx } from '../../db/client';
import type { SessionRevocation } from '../../plugins/session';
import { ACCESS_TTL_MS, isSessionActive } from './session-service';

/**
 * How long this instance trusts its last "still alive" answer from the database. Revocations made
 * here or announced through Redis are refused at once whatever this says; it only bounds how late
 * an instance without Redis learns of another instance's logout.
 */
export const ALIVE_CACHE_MS = 3_000;
/** A revoked session id is kept as long as an access token naming it can still be valid. */
export const REVOKED_KEY_TTL_MS = ACCESS_TTL_MS;
const REDIS_KEY_PREFIX = 'arrive:revoked-session:';
/** Past this many entries a map is swept of the ones that no longer matter. */
const SWEEP_ABOVE = 10_000;

type Dependencies = {
  db: DbOrTx;
  redis: Pick<Redis, 'exists' | 'pipeline'> | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
};

function remember(map: Map<string, number>, key: string, until: number, now: number) {
  if (map.size >= SWEEP_ABOVE) {
    for (const [k, t] of map) if (t <= now) map.delete(k);
    if (map.size >= SWEEP_ABOVE) map.clear();
  }
  map.set(key, until);
}

/** The revocation check of the access-token guards: a short local cache, Redis shared across instances. */
export function createSessionRevocation({ db, redis, log, now = Date.now }: Dependencies): SessionRevocation {
  const revokedUntil = new Map<string, number>();
  const aliveUntil = new Map<string, number>();
  let lastRedisWarning = 0;
  const warnRedis = (err: unknown, what: string, everyTime = false) => {
    // A Redis outage would otherwise log once per guarded request.
    if (!everyTime && now() - lastRedisWarning < 30_000) return;
    lastRedisWarning = now();
    log.warn({ err: err instanceof Error ? err.message : String(err) }, `session revocation: ${what}`);
  };

  const markRevoked = (sessionId: string, at: number) => {
    aliveUntil.delete(sessionId);
    remember(revokedUntil, sessionId, at + REVOKED_KEY_TTL_MS, at);
  };

  return {
    async isRevoked(sessionId) {
      const at = now();
      const until = revokedUntil.get(sessionId);
      if (until !== undefined) {
        if (until > at) return true;
        revokedUntil.delete(sessionId);
      }
      if (redis) {
        try {
          if ((await redis.exists(`${REDIS_KEY_PREFIX}${sessionId}`)) > 0) {
            markRevoked(sessionId, at);
            return true;
          }
        } catch (err) {
          // Without Redis this instance is as it would be with no REDIS_URL: the database, cached briefly.
          warnRedis(err, 'Redis not answering; the database decides');
        }
      }
      const alive = aliveUntil.get(sessionId);
      if (alive !== undefined && alive > at) return false;
      if (await isSessionActive(db, sessionId)) {
        remember(aliveUntil, sessionId, at + ALIVE_CACHE_MS, at);
        return false;
      }
      markRevoked(sessionId, at);
      return true;
    },

    async revoked(sessionIds) {
      if (sessionIds.length === 0) return;
      const at = now();
      for (const id of sessionIds) markRevoked(id, at);
      if (!redis) return;
      try {
        const pipeline = redis.pipeline();
        for (const id of sessionIds) pipeline.set(`${REDIS_KEY_PREFIX}${id}`, '1', 'PX', REVOKED_KEY_TTL_MS);
        const results = (await pipeline.exec()) ?? [];
        const failed = results.find(([err]) => err);
        if (failed) throw failed[0];
      } catch (err) {
        warnRedis(err, 'could not share a revocation; other instances learn it from the database', true);
      }
    },
  };
}

export type { SessionRevocation };
