import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { walletRefusal } from './wallet-refusal';

const refusal = (type: string, additionalInfo?: unknown) =>
  new ApiError({
    status: 400,
    type: type as never,
    message: 'Your wallet balance is not enough for this payment',
    additionalInfo,
  });

describe("the wallet's refusals at the counter", () => {
  it('say what the customer holds and how much is short, to the associate', () => {
    expect(walletRefusal(refusal('InsufficientFund', { balance: 1_000, amount: 3_800_000 }))).toBe(
      "The customer's wallet holds ₦10.00, ₦37,990.00 short of this sale. Take cash or POS/transfer, or the customer tops up first.",
    );
    expect(walletRefusal(refusal('InsufficientFund'))).toMatch(/^The customer's wallet does not hold enough/);
    expect(walletRefusal(refusal('WalletNotFound'))).toMatch(/^This customer has no Arrive wallet/);
  });

  it('leave every other refusal as the server words it', () => {
    expect(walletRefusal(refusal('OutOfStock'))).toBeNull();
    expect(walletRefusal(new Error('boom'))).toBeNull();
  });
});
