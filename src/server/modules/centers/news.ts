import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type InstanceNews, instanceNews } from '../../lib/instance-news';
import { forgetCenters } from './service';

/** The Redis channel on which an instance tells the others that a center was added or changed. */
export const CENTERS_CHANNEL = 'arrive:centers:changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the other instances that a center was added or changed (centers/news.ts). */
    centerNews: InstanceNews;
  }
}

/**
 * The centers each instance remembers (service.ts) are forgotten at once when another instance
 * adds or changes one, so a renamed center reaches every screen (a dispatch board, an order's
 * page) with the next read, not a minute later. Without that news (no Redis, or its connection
 * down) an instance's memory still lasts a minute at most.
 */
export const centerNews = ({
  redis,
  log,
  channel = CENTERS_CHANNEL,
}: {
  redis: Redis | null;
  log: FastifyBaseLogger;
  /** Another channel than the deployment's (a test beside others on one Redis). */
  channel?: string;
}): InstanceNews => instanceNews({ redis, log, channel, hear: forgetCenters });
