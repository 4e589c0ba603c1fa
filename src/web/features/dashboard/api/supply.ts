import { queryOptions } from '@tanstack/react-query';
import type { Quota, QuotaInput } from '../../../../domain/schemas/quota';
import type { NewSupplierBody, Supplier, SupplierQuota } from '../../../../domain/schemas/supplier';
import type { NewDeliveryBody, NewSupplyBody, Supply, SupplyDeliveryBody } from '../../../../domain/schemas/supply';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export const suppliersQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.suppliers(), queryFn: () => api.get<Supplier[]>('supplier'), retry: false });

export const supplierQuotasQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.supplierQuotas(),
    queryFn: () => api.get<SupplierQuota[]>('supplier/all-quota'),
    retry: false,
  });

export const suppliesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.supplies(), queryFn: () => api.get<Supply[]>('supply'), retry: false });

/** Product quotas of the order area (GET /api/quota); an empty list when that area answers nothing. */
export const quotasQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.quotas(),
    queryFn: async () => (await api.get<{ quotas: Quota[] }>('quota')).quotas,
    retry: false,
  });

export const createSupplier = (body: NewSupplierBody, idempotencyKey: string) =>
  api.post<Supplier>('supplier/new', body, { idempotencyKey });
export const createSupply = (body: NewSupplyBody, idempotencyKey: string) =>
  api.post<Supply>('supply/new', body, { idempotencyKey });
export const recordNewDelivery = (body: NewDeliveryBody, idempotencyKey: string) =>
  api.post<Supply>('supply/new_delivery', body, { idempotencyKey });
export const updateSupply = (body: SupplyDeliveryBody, idempotencyKey: string) =>
  api.post<Supply>('supply/delivery', body, { idempotencyKey });

/** PUT /api/quota/{productId} (order area): set or clear a product's stock and daily limit. */
export const setQuota = (productId: string, body: QuotaInput) => api.put<Quota>(`quota/${productId}`, body);
