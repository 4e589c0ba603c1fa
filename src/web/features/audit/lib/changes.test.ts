import { describe, expect, it } from 'vitest';
import { describeChanges } from './changes';

describe('what changed, in words', () => {
  it('shows before → after, money in naira, and leaves ids out', () => {
    expect(describeChanges({ price: [100_000, 120_000], reason: 'Supplier price', productId: 'p-1' })).toBe(
      'price: ₦1,000.00 → ₦1,200.00; reason: Supplier price',
    );
    expect(describeChanges({ before: { stock: 4 }, after: { stock: 12, dailyLimit: null } })).toBe(
      'stock 4 → stock 12, daily limit —',
    );
    expect(describeChanges({ closingCash: 480_000, variance: -20_000, handedOver: false })).toBe(
      'closing cash: ₦4,800.00; variance: -₦200.00; handed over: no',
    );
  });
});
