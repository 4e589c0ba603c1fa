import { afterEach, describe, expect, it } from 'vitest';
import { saleMoment, salePriceVersion } from './sale-moment';

afterEach(() => sessionStorage.clear());

describe('a sale’s moment', () => {
  it('is fixed by the first send of its key, a reload included, and new for the next sale', () => {
    const first = saleMoment('key-1', () => new Date('2026-11-29T10:00:00.000Z'));
    expect(first).toBe('2026-11-29T10:00:00.000Z');
    // Sent again a minute later (no answer came): the same request.
    expect(saleMoment('key-1', () => new Date('2026-11-29T10:01:00.000Z'))).toBe(first);
    // The draft is what a reload reads back.
    expect(JSON.parse(sessionStorage.getItem('arrive.draft.sale.sold-at') ?? 'null')).toMatchObject({
      key: 'key-1',
      soldAt: first,
    });
    // The next sale is its own moment.
    expect(saleMoment('key-2', () => new Date('2026-11-29T10:05:00.000Z'))).toBe('2026-11-29T10:05:00.000Z');
    expect(saleMoment('key-1', () => new Date('2026-11-29T10:06:00.000Z'))).toBe('2026-11-29T10:06:00.000Z');
  });
});

describe('the catalogue version a sale was priced with', () => {
  it('is the one the tablet had when its key was first sent, and new for the next sale', () => {
    expect(salePriceVersion('key-1', 7)).toBe(7);
    // The catalogue was read again meanwhile (another product's price changed): the same request.
    expect(salePriceVersion('key-1', 8)).toBe(7);
    expect(salePriceVersion('key-2', 8)).toBe(8);
    // A tablet whose saved prices had no version sends none, each time.
    expect(salePriceVersion('key-3', undefined)).toBeUndefined();
    expect(salePriceVersion('key-3', 9)).toBeUndefined();
  });
});
