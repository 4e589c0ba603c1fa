import type { UseQueryResult } from '@tanstack/react-query';
import type { ClientWallet } from '../../domain/schemas/wallet';
import type { CheckoutWallet } from '../features/orders/components/checkout-panel';
import type { Cached } from '../lib/offline-copy';

/** What the order screens are told of the wallet, from the wallet area's query. */
export function checkoutWalletOf(query: UseQueryResult<Cached<ClientWallet>>): CheckoutWallet {
  if (query.isPending) return { state: 'loading' };
  return checkoutWalletFrom(query.isError ? null : query.data);
}

/** The same from a read of the wallet (null: it failed), as an order's first view makes it. */
export function checkoutWalletFrom(read: Cached<ClientWallet> | null): CheckoutWallet {
  if (!read) return { state: 'unavailable' };
  const { wallet } = read.data;
  // A balance saved on the device may be out of date: it informs, it does not decide.
  if (wallet && read.fromCache) return { state: 'unavailable' };
  return wallet ? { state: 'ready', balance: wallet.balance } : { state: 'none' };
}
