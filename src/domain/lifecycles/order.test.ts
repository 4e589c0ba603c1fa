import { describe, expect, it } from 'vitest';
import { orderStatusValues } from '../enums';
import { canTransition, nextStates, previousStates } from './lifecycle';
import { orderLifecycle } from './order';
import { allowedMatrix, sortedMatrix } from './test-matrix';

const reached = (s: string) =>
  orderLifecycle.initial.includes(s as never) || orderLifecycle.transitions.some((t) => t.to === s);

describe('the order lifecycle', () => {
  it('places every OrderStatus value, and only those', () => {
    expect([...orderLifecycle.states].sort()).toEqual([...orderStatusValues].sort());
  });

  it('allows exactly these moves, each to exactly these actors; everything else is refused', () => {
    expect(allowedMatrix(orderLifecycle)).toEqual(
      sortedMatrix({
        'Not Paid': { Paid: ['paystack', 'client', 'staff'], Cancelled: ['client'] },
        Paid: {
          Cancelled: ['staff'],
          Delivered: ['client', 'staff'],
          ClientRejectPickup: ['client'],
          StaffRejectPickup: ['staff'],
        },
        ClientRejectPickup: { StaffRejectPickup: ['staff'], Delivered: ['client'] },
        StaffRejectPickup: { Delivered: ['client'] },
      }),
    );
  });

  it('starts Not Paid; Processing and Failed are never reached', () => {
    expect(orderLifecycle.initial).toEqual(['Not Paid']);
    expect(orderLifecycle.states.filter((s) => !reached(s))).toEqual(['Processing', 'Failed']);
  });

  it('lets the client cancel a Not Paid order, and staff refund a paid one at the counter', () => {
    expect(previousStates(orderLifecycle, 'Cancelled').sort()).toEqual(['Not Paid', 'Paid']);
    expect(canTransition(orderLifecycle, 'Not Paid', 'Cancelled', 'staff')).toBe(false);
    expect(canTransition(orderLifecycle, 'Paid', 'Cancelled', 'staff')).toBe(true);
    expect(canTransition(orderLifecycle, 'Paid', 'Cancelled', 'client')).toBe(false);
  });

  it('is paid once: only a Not Paid order can become Paid', () => {
    expect(previousStates(orderLifecycle, 'Paid')).toEqual(['Not Paid']);
  });

  it('ends at Delivered and Cancelled', () => {
    expect(nextStates(orderLifecycle, 'Delivered')).toEqual([]);
    expect(nextStates(orderLifecycle, 'Cancelled')).toEqual([]);
  });
});
