import type { StockLedger } from '../order/legs';
import { releaseQuota, reserveQuota } from './service';

/** The quota area's part in placing and cancelling an order: it takes the stock and gives it back. */
export const quotaStock: StockLedger = { reserve: reserveQuota, release: releaseQuota };
