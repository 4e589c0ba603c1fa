import { describe, expect, it } from 'vitest';
import { goodsWord, staffStepLabel } from './delivery-words';

describe('what a rider collects, in words', () => {
  it('names the one thing of the order, or its items, never a cylinder that is not there', () => {
    expect(goodsWord([{ productType: 'Gas', quantity: 12.5, sizeKg: 12.5 }])).toBe('cylinder');
    expect(goodsWord([{ productType: 'Cylinder', quantity: 1 }])).toBe('cylinder');
    expect(goodsWord([{ productType: 'GasStove', quantity: 1 }])).toBe('stove');
    expect(goodsWord([{ productType: 'Burner', quantity: 1 }])).toBe('burner');
    expect(goodsWord([{ productType: 'Burner', quantity: 2 }])).toBe('items');
    expect(
      goodsWord([
        { productType: 'Gas', quantity: 6, sizeKg: 6 },
        { productType: 'Burner', quantity: 1 },
      ]),
    ).toBe('items');
    // A copy saved before the type was sent: a refill names its cylinder's size; else the order.
    expect(goodsWord([{ quantity: 6, sizeKg: 6 }])).toBe('cylinder');
    expect(goodsWord([{ quantity: 1, sizeKg: null }])).toBe('order');
    expect(goodsWord([])).toBe('order');
  });

  it('changes only the words of the collected step: the statuses stay as the API sends them', () => {
    const stove = [{ productType: 'GasStove' as const, quantity: 1 }];
    expect(staffStepLabel('CarrierPickup', stove)).toBe('Collected the stove');
    expect(staffStepLabel('InTransit', stove)).toBe('In transit');
    expect(staffStepLabel('CarrierPickup')).toBe('Collected the order');
  });
});
