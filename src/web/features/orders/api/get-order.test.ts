import { describe, expect, it } from 'vitest';
import { orderFixture } from '../test/fixtures';
import { ORDER_SCREEN_REFRESH_MS, orderRefreshInterval } from './client-orders';

const read = (status: string, fromCache = false) => ({
  data: orderFixture({ status: status as never }),
  updatedAt: Date.now(),
  fromCache,
});

describe("an order's page reads it again while it is on screen", () => {
  it('while the order may still move without this device', () => {
    for (const status of ['Not Paid', 'Processing', 'Paid', 'Failed']) {
      expect(orderRefreshInterval(read(status))).toBe(ORDER_SCREEN_REFRESH_MS);
    }
  });

  it('not once it is settled, nor for a copy shown offline, nor before a first answer', () => {
    expect(orderRefreshInterval(read('Delivered'))).toBe(false);
    expect(orderRefreshInterval(read('Cancelled'))).toBe(false);
    expect(orderRefreshInterval(read('Not Paid', true))).toBe(false);
    expect(orderRefreshInterval(undefined)).toBe(false);
  });
});
