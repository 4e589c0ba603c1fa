import { queryOptions } from '@tanstack/react-query';
import type { ClientPickupList } from '../../../../domain/schemas/pickup';
import { ApiError, api } from '../../../lib/api-client';
import { getCached, putCached } from '../../../lib/local-db';
import { pickupKeys } from './keys';

/** The list as last fetched, kept with the client's other order data (cleared on logout). */
const OFFLINE_KEY = 'pickup:list';

export type ClientPickupsView = ClientPickupList & {
  /** Set when the network is down and this is the copy saved on the device (ms since epoch). */
  savedAt?: number;
};

/**
 * GET /api/order/pickup: the client's orders to collect. Offline it answers the copy saved on
 * the device, so the QR code and the pickup code can still be shown at the counter (they only
 * identify the order: the hand-over still needs the owner's confirmation).
 */
export async function getClientPickups(): Promise<ClientPickupsView> {
  try {
    const list = await api.get<ClientPickupList>('order/pickup');
    await putCached('orders', OFFLINE_KEY, list).catch(() => {});
    return list;
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) {
      const copy = await getCached<ClientPickupList>('orders', OFFLINE_KEY).catch(() => undefined);
      if (copy) return { ...copy.value, savedAt: copy.updatedAt };
    }
    throw error;
  }
}

export const clientPickupsQueryOptions = () =>
  queryOptions({
    queryKey: pickupKeys.clientList(),
    queryFn: getClientPickups,
    staleTime: 15_000,
    // Run offline too: the fetcher falls back to the saved copy instead of waiting for the network.
    networkMode: 'always',
  });
