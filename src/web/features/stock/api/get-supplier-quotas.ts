import { queryOptions } from '@tanstack/react-query';
import type { SupplierQuota } from '../../../../domain/schemas/supplier';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/supplier/all-quota: what each supplier has delivered and is owed. */
export const supplierQuotasQueryOptions = () =>
  queryOptions({
    queryKey: stockKeys.supplierQuotas(),
    queryFn: () => api.get<SupplierQuota[]>('supplier/all-quota'),
    retry: false,
  });
