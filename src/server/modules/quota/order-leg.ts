import type { StockLedger } from '../order/legs';
import type { CatalogueCache } from './catalogue-cache';
import { releaseQuota, reserveQuota } from './service';

/**
 * The quota area's part in placing and cancelling an order: it takes the stock and gives it back,
 * and once that is committed the catalogue (which shows what is left) is built again.
 */
export function quotaStock(catalogue: Pick<CatalogueCache, 'invalidate'>): StockLedger {
  return { reserve: reserveQuota, release: releaseQuota, committed: () => catalogue.invalidate() };
}
