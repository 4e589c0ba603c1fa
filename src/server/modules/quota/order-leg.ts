import type { StockLedger } from '../order';
import type { CatalogueCache } from './catalogue-cache';
import { moveQuota, releaseQuota, stockInStatement, stockRefusal } from './service';

/**
 * The quota area's part in placing, cancelling and moving an order: it takes the stock of the order's
 * center and gives it back there (a move gives back at one center and takes at the other),
 * and once that is committed the catalogue (which shows what is left) is built again.
 */
export function quotaStock(catalogue: Pick<CatalogueCache, 'invalidate'>): StockLedger {
  return {
    inStatement: stockInStatement,
    refusal: stockRefusal,
    release: releaseQuota,
    moveToCenter: moveQuota,
    committed: () => catalogue.invalidate(),
  };
}
