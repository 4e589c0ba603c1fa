import { queryOptions } from '@tanstack/react-query';
import type { AdminOrderDetail } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { dispatchKeys } from './keys';

/** One order; a copy is kept so an order opened once can be shown again during an outage. */
export const orderDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dispatchKeys.orderDetail(id),
    queryFn: () =>
      withOfflineCopy(`dashboard-order-${id}`, () =>
        api.get<AdminOrderDetail>(`admin/orders/detail/${encodeURIComponent(id)}`),
      ),
    retry: false,
    networkMode: 'always',
  });
