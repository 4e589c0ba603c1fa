import type { StockLedger } from '../order';
import type { CatalogueCache } from './catalogue-cache';
import { releaseQuota, stockInStatement, stockRefusal } from './service';

/**
 * The quota area's part in placing and cancelling an order: it takes the stock and gives it back,
 * and once that is committed the catalogue (which shows what is left) is built again.
 */
export function quotaStock(catalogue: Pick<CatalogueCache, 'invalidate'>): StockLedger {
  return {
    inStatement: stockInStatement,
    refusal: stockRefusal,
    release: releaseQuota,
    committed: () => catalogue.invalidate(),
  };
}
