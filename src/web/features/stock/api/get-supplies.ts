import { queryOptions } from '@tanstack/react-query';
import type { Supply } from '../../../../domain/schemas/supply';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/supply: gas asked of suppliers, delivered and paid. */
export const suppliesQueryOptions = () =>
  queryOptions({ queryKey: stockKeys.supplies(), queryFn: () => api.get<Supply[]>('supply'), retry: false });
