import { queryOptions } from '@tanstack/react-query';
import type { StockTransferStatus } from '../../../../domain/enums';
import type { NewStockTransfer, StockTransfer, StockTransferList } from '../../../../domain/schemas/stock-transfer';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/centers/transfers?center=…: a center's transfers, sent and coming, newest first. */
export const transfersQueryOptions = (centerId: string | undefined, status?: StockTransferStatus) =>
  queryOptions({
    queryKey: [...stockKeys.transfers(centerId), status ?? 'all'] as const,
    queryFn: async () => {
      const query = new URLSearchParams({ ...(centerId ? { center: centerId } : {}), ...(status ? { status } : {}) });
      const suffix = query.size ? `?${query.toString()}` : '';
      return (await api.get<StockTransferList>(`centers/transfers${suffix}`)).transfers;
    },
    retry: false,
  });

/** POST /api/centers/transfers: send stock to another center (it leaves the sender's stock now). */
export const sendTransfer = (body: NewStockTransfer, idempotencyKey: string) =>
  api.post<StockTransfer>('centers/transfers', body, { idempotencyKey });

/** POST /api/centers/transfers/{id}/receive: the receiving center takes it into its stock. */
export const receiveTransfer = (id: string, idempotencyKey: string) =>
  api.post<StockTransfer>(`centers/transfers/${encodeURIComponent(id)}/receive`, {}, { idempotencyKey });

/** POST /api/centers/transfers/{id}/cancel: the sender calls it off; it goes back to the sender's stock. */
export const cancelTransfer = (id: string, idempotencyKey: string) =>
  api.post<StockTransfer>(`centers/transfers/${encodeURIComponent(id)}/cancel`, {}, { idempotencyKey });
