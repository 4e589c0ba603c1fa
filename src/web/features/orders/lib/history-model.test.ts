import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../../domain/schemas/order';
import { orderSummaryLine } from './history-model';

const line: OrderSummary = {
  id: 'o1',
  orderNumber: 'ARV-2B3C4D',
  type: 'Gas',
  status: 'Paid',
  paymentStatus: 'success',
  paymentType: 'Wallet',
  deliveryOption: 'PickerUP',
  centerId: 'c2',
  centerName: 'Arrive Lekki',
  total: 4_800_000,
  itemCount: 1,
  createdAt: '2026-03-05T10:00:00.000Z',
};

describe('a line of the order history', () => {
  it('names the gas center the order is collected at or delivered from', () => {
    expect(orderSummaryLine(line)).toBe('05/03/2026 · Pickup at Arrive Lekki · 1 item');
    expect(orderSummaryLine({ ...line, deliveryOption: 'HomeDelivery', itemCount: 2 })).toBe(
      '05/03/2026 · Home delivery from Arrive Lekki · 2 items',
    );
    expect(orderSummaryLine({ ...line, deliveryOption: 'PickUpBySomeOne' })).toBe(
      '05/03/2026 · Picked up by someone else at Arrive Lekki · 1 item',
    );
  });

  it('reads as before for a list saved on the device before lines named the center', () => {
    const { centerId: _, centerName: __, ...saved } = line;
    expect(orderSummaryLine(saved)).toBe('05/03/2026 · Pickup at the gas center · 1 item');
  });
});
