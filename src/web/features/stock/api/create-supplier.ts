import type { NewSupplierBody, Supplier } from '../../../../domain/schemas/supplier';
import { api } from '../../../lib/api-client';

/** POST /api/supplier/new. */
export const createSupplier = (body: NewSupplierBody, idempotencyKey: string) =>
  api.post<Supplier>('supplier/new', body, { idempotencyKey });
