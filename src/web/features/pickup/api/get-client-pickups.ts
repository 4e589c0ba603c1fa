import { queryOptions } from '@tanstack/react-query';
import type { ClientPickupList } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';
import { pickupKeys } from './keys';

/** GET /api/order/pickup: the client's orders to collect, with their pickup and QR codes. */
export const getClientPickups = () => api.get<ClientPickupList>('order/pickup');

export const clientPickupsQueryOptions = () =>
  queryOptions({ queryKey: pickupKeys.clientList(), queryFn: getClientPickups, staleTime: 15_000 });
