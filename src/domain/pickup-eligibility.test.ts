import { describe, expect, it } from 'vitest';
import { type PickupEligibilityOrder, pickupEligibility } from './pickup-eligibility';

const eligible: PickupEligibilityOrder = {
  isDelivered: false,
  paymentStatus: 'success',
  status: 'Paid',
  pickupDispute: 'none',
};
const order = (o: Partial<PickupEligibilityOrder>): PickupEligibilityOrder => ({
  ...eligible,
  ...o,
});

describe('pickupEligibility', () => {
  it('gives Error without an order', () => {
    expect(pickupEligibility(null)).toBe('Error');
    expect(pickupEligibility(undefined)).toBe('Error');
  });
  it('gives AlreadyPickedUp for an order flagged delivered', () => {
    expect(pickupEligibility(order({ isDelivered: true }))).toBe('AlreadyPickedUp');
  });
  it('gives NotPaid for any payment status but success', () => {
    for (const p of ['pending', 'failed', 'abandoned', 'reversed', 'Success', '']) {
      expect(pickupEligibility(order({ paymentStatus: p }))).toBe('NotPaid');
    }
  });
  it('gives AlreadyPickedUp for a Delivered order status', () => {
    expect(pickupEligibility(order({ status: 'Delivered' }))).toBe('AlreadyPickedUp');
  });
  it('gives DisputeExists for any dispute', () => {
    expect(pickupEligibility(order({ pickupDispute: 'SomeOneElseClaim' }))).toBe('DisputeExists');
    expect(pickupEligibility(order({ pickupDispute: 'InvalidPickup' }))).toBe('DisputeExists');
  });
  it('gives Cancelled for a cancelled order that passes the other checks', () => {
    expect(pickupEligibility(order({ status: 'Cancelled' }))).toBe('Cancelled');
  });
  it('gives Eligible otherwise', () => {
    expect(pickupEligibility(eligible)).toBe('Eligible');
    expect(pickupEligibility(order({ status: 'Processing' }))).toBe('Eligible');
  });

  describe('precedence follows the order of the checks', () => {
    it('delivered flag beats unpaid', () => {
      expect(pickupEligibility(order({ isDelivered: true, paymentStatus: 'pending' }))).toBe('AlreadyPickedUp');
    });
    it('unpaid beats a Delivered status and a dispute', () => {
      expect(
        pickupEligibility(order({ paymentStatus: 'failed', status: 'Delivered', pickupDispute: 'InvalidPickup' })),
      ).toBe('NotPaid');
    });
    it('a Delivered status beats a dispute', () => {
      expect(pickupEligibility(order({ status: 'Delivered', pickupDispute: 'InvalidPickup' }))).toBe('AlreadyPickedUp');
    });
    it('a dispute beats Cancelled', () => {
      expect(pickupEligibility(order({ status: 'Cancelled', pickupDispute: 'SomeOneElseClaim' }))).toBe(
        'DisputeExists',
      );
    });
    it('unpaid beats Cancelled', () => {
      expect(pickupEligibility(order({ status: 'Cancelled', paymentStatus: 'pending' }))).toBe('NotPaid');
    });
  });
});
