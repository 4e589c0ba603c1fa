import { describe, expect, it } from 'vitest';
import { percentile } from './load';

describe('percentile', () => {
  it('takes the nearest rank, in the values’ own precision', () => {
    const values = Array.from({ length: 200 }, (_, i) => (i + 1) / 10); // 0.1 … 20.0 ms
    expect(percentile(values, 50)).toBe(10);
    expect(percentile(values, 99)).toBe(19.8);
    expect(percentile(values, 100)).toBe(20);
    expect(percentile([3.4], 99)).toBe(3.4);
  });

  it('has no figure without values', () => {
    expect(percentile([], 99)).toBeNaN();
  });
});
