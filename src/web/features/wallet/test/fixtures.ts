// The wallet and its transactions as the server answers them, for the wallet's screen and its first view.
import type { Wallet, WalletTransaction } from '../../../../domain/schemas/wallet';

export const walletFixture: Wallet = {
  walletNumber: '4829301756',
  balance: 1_250_050,
  virtualAccount: { bankName: 'Wema Bank', accountNumber: '9123456780', accountName: 'ARRIVE/ADA OBI' },
  client: { firstname: 'Ada', lastname: 'Obi' },
};

export const transactionsFixture: WalletTransaction[] = [
  {
    id: '7b1e2a5c-1111-4a2b-8c3d-000000000001',
    amount: 40_000,
    purpose: 'FundVirtualAccount',
    status: 'completed',
    type: 'Credit',
    source: 'BankTransfer',
    displayName: 'Sandbox Sender',
    createdAt: '2026-03-04T10:00:00.000Z',
    from: { bankName: 'Test Bank' },
  },
  {
    id: '7b1e2a5c-1111-4a2b-8c3d-000000000002',
    amount: 120_000,
    purpose: 'OrderPayment',
    status: 'completed',
    type: 'Debit',
    source: null,
    displayName: 'Order #ORD123',
    createdAt: '2026-03-05T23:30:00.000Z',
    from: { bankName: null },
  },
];
