import { queryOptions } from '@tanstack/react-query';
import type { AdminOrderDetail } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export const orderDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.orderDetail(id),
    queryFn: () => api.get<AdminOrderDetail>(`admin/orders/detail/${encodeURIComponent(id)}`),
    retry: false,
  });
