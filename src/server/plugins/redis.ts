import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state across instances; null when REDIS_URL is not set (one instance, in memory). */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.REDIS_URL) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(app.config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
  await redis.connect().catch((err: Error) => app.log.warn({ err: err.message }, 'redis not reachable at start'));
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
});
