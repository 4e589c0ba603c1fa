import { queryOptions } from '@tanstack/react-query';
import type { ClientPickupList } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
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
  const { data, updatedAt, fromCache } = await withOfflineCopy(OFFLINE_KEY, () =>
    api.get<ClientPickupList>('order/pickup'),
  );
  return fromCache ? { ...data, savedAt: updatedAt } : data;
}

export const clientPickupsQueryOptions = () =>
  queryOptions({
    queryKey: pickupKeys.clientList(),
    queryFn: getClientPickups,
    staleTime: 15_000,
    // Run offline too: the fetcher falls back to the saved copy instead of waiting for the network.
    networkMode: 'always',
  });
