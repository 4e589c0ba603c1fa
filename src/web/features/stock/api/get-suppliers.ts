import { queryOptions } from '@tanstack/react-query';
import type { Supplier } from '../../../../domain/schemas/supplier';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/supplier: the gas suppliers. */
export const suppliersQueryOptions = () =>
  queryOptions({ queryKey: stockKeys.suppliers(), queryFn: () => api.get<Supplier[]>('supplier'), retry: false });
