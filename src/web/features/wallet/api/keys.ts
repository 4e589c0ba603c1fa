/** Query keys of the wallet feature, general → specific. */
export const walletKeys = {
  all: ['wallet'] as const,
  client: () => [...walletKeys.all, 'client'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
};

/**
 * Money reaches a wallet from outside the app (a bank transfer to its account, a card top-up's
 * webhook): while the wallet screen is on screen its balance and transactions are read again every
 * 20 s (never in the background), so a transfer shows without a reload.
 */
export const WALLET_SCREEN_REFRESH_MS = 20_000;
