import { describe, expect, it } from 'vitest';
import { describeChanges, subjectText } from './changes';

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

describe('what a record is about and when', () => {
  it('shows a recorded moment in Lagos time, as the rest of the dashboard does', () => {
    expect(describeChanges({ startedAt: '2026-12-06T02:13:22.592Z' })).toBe('started at: 06/12/2026 03:13');
  });

  it('shortens an id to its first part, and leaves a name as it is', () => {
    expect(subjectText('f6abddd1-96a8-4ea1-b89e-19df51d4e4a7')).toBe('#f6abddd1');
    expect(subjectText('ORD-123')).toBe('ORD-123');
    expect(subjectText(null)).toBe('—');
  });
});
