import type { UseQueryResult } from '@tanstack/react-query';
import type { ClientWallet } from '../../domain/schemas/wallet';
import type { CheckoutWallet } from '../features/orders/components/checkout-panel';

/** What the order screens are told of the wallet, from the wallet area's query. */
export function checkoutWalletOf(query: UseQueryResult<ClientWallet>): CheckoutWallet {
  if (query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'unavailable' };
  return query.data.wallet ? { state: 'ready', balance: query.data.wallet.balance } : { state: 'none' };
}
