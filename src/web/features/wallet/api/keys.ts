/** Query keys of the wallet feature, general → specific. */
export const walletKeys = {
  all: ['wallet'] as const,
  client: () => [...walletKeys.all, 'client'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
};
