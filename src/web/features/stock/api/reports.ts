import { queryOptions } from '@tanstack/react-query';
import type {
  StockReport,
  StockReportQuery,
  TransferReport,
  TransferReportQuery,
} from '../../../../domain/schemas/stock-report';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/**
 * GET /api/quota/report: each counted product's stock at a gas center, or at every center with the
 * company total (`center`: CEO and Manager; the others get their shift's center).
 */
export const stockReportQueryOptions = (query: Omit<StockReportQuery, 'format'>) =>
  queryOptions({
    queryKey: stockKeys.stockReport(query),
    queryFn: () => api.get<StockReport>('quota/report', { searchParams: query }),
    retry: false,
  });

/** GET /api/centers/transfers/report: what was sent, received and cancelled per center, day and product. */
export const transferReportQueryOptions = (query: Omit<TransferReportQuery, 'format' | 'by'>) =>
  queryOptions({
    queryKey: stockKeys.transferReport(query),
    queryFn: () => api.get<TransferReport>('centers/transfers/report', { searchParams: query }),
    retry: false,
  });
