import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { instanceNews } from '../../lib/instance-news';
import type { ProductRow } from '../product';
import type { QuotaRow } from './tables';

/** The Redis channel on which an instance tells the others that the catalogue changed. */
export const CATALOGUE_CHANNEL = 'arrive:catalogue:changed';

/** What the catalogue is made of and changes only when staff edit it or an order takes stock. */
export type CatalogueParts = {
  rows: ProductRow[];
  quotaRows: QuotaRow[];
  /** The catalogue version the rows' prices are (product/catalogue.ts currentPriceVersion). */
  priceVersion: number;
  /** The whole answer, when no product has a daily limit (nothing in it depends on today's orders). */
  body?: { text: string; etag: string };
};

/**
 * The shop catalogue kept in memory, one per app and gas center (each center has its own stock and
 * may have its own prices). Any write to products, prices or quotas drops every center's copy (and,
 * with Redis, tells the other instances to drop theirs); the next read builds it again.
 */
export type CatalogueCache = {
  /** A center's cached parts, or builds and keeps them (unless the catalogue changed meanwhile). */
  get(centerId: string, load: () => Promise<CatalogueParts>): Promise<CatalogueParts>;
  /** Drops this instance's copy and, with Redis, every other instance's. */
  invalidate(): void;
  close(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop catalogue in memory; product, price and quota writes drop it (see quota/catalogue-cache.ts). */
    catalogueCache: CatalogueCache;
  }
}

/** A strong ETag of a response body. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this ETag (or `*`); weak validators compare weakly. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function createCatalogueCache({ redis, log }: { redis: Redis | null; log: FastifyBaseLogger }): CatalogueCache {
  const parts = new Map<string, CatalogueParts>();
  // Bumped on every change: a build that started before a change is not kept.
  let generation = 0;
  const drop = () => {
    generation++;
    parts.clear();
  };
  // Another instance's change drops this one's copy; while that news could be missed, nothing is kept.
  const news = instanceNews({ redis, log, channel: CATALOGUE_CHANNEL, hear: drop });

  return {
    async get(centerId, load) {
      const kept = parts.get(centerId);
      if (kept) return kept;
      const started = generation;
      const built = await load();
      if (started === generation && news.listening()) parts.set(centerId, built);
      return built;
    },
    invalidate() {
      drop();
      news.tell();
    },
    close: () => news.close(),
  };
}
