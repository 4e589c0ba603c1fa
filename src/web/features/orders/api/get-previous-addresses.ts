import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { previousAddressesSchema } from '../../../../domain/schemas/delivery';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

export type PreviousAddresses = z.infer<typeof previousAddressesSchema>;

/** GET /api/address/previous_deliver. */
export const getPreviousAddresses = () => api.get<PreviousAddresses>('address/previous_deliver');

export const previousAddressesQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.previousAddresses(), queryFn: getPreviousAddresses });
