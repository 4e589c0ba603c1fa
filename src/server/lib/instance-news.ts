import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * One kind of news between the instances of a deployment, over a Redis channel: `tell()` reaches
 * every other instance's `hear`, never the teller's own. Without Redis there is no other
 * instance, and `tell()` does nothing.
 *
 * What an instance keeps in memory because of it must not outlive news it missed: `hear` also
 * runs whenever the subscription drops or comes back, and `listening()` is false while it is down
 * (ioredis subscribes again on its own when it reconnects).
 */
export type InstanceNews = {
  tell(): void;
  /** Whether another instance's news would reach this one now (always, without Redis). */
  listening(): boolean;
  close(): Promise<void>;
};

export function instanceNews({
  redis,
  log,
  channel,
  hear,
}: {
  redis: Redis | null;
  log: FastifyBaseLogger;
  /** The Redis channel, one per kind of news. */
  channel: string;
  hear: () => void;
}): InstanceNews {
  if (!redis) return { tell: () => {}, listening: () => true, close: async () => {} };
  const instance = randomUUID();
  let listening = false;
  let subscribedOnce = false;
  const subscriber = redis.duplicate({ lazyConnect: true });
  subscriber.on('error', (err) => log.warn({ err: err.message, channel }, 'news subscriber error'));
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel && message !== instance) hear();
  });
  subscriber.on('close', () => {
    listening = false;
    hear();
  });
  subscriber.on('ready', () => {
    if (subscribedOnce) listening = true;
    hear();
  });
  subscriber
    .connect()
    .then(() => subscriber.subscribe(channel))
    .then(() => {
      subscribedOnce = true;
      listening = true;
    })
    .catch((err: Error) => log.warn({ err: err.message, channel }, 'news subscriber not connected'));
  return {
    tell() {
      redis.publish(channel, instance).catch((err: Error) => {
        log.warn({ err: err.message, channel }, 'could not tell the other instances');
      });
    },
    listening: () => listening,
    async close() {
      subscriber.disconnect();
    },
  };
}
