import type { UseQueryResult } from '@tanstack/react-query';
import type { ClientWallet } from '../../domain/schemas/wallet';
import type { CheckoutWallet } from '../features/orders/components/checkout-panel';
import type { Cached } from '../lib/offline-copy';

/** What the order screens are told of the wallet, from the wallet area's query. */
export function checkoutWalletOf(query: UseQueryResult<Cached<ClientWallet>>): CheckoutWallet {
  if (query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'unavailable' };
  const { wallet } = query.data.data;
  // A balance saved on the device may be out of date: it informs, it does not decide.
  if (wallet && query.data.fromCache) return { state: 'unavailable' };
  return wallet ? { state: 'ready', balance: wallet.balance } : { state: 'none' };
}
