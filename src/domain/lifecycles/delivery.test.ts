import { describe, expect, it } from 'vitest';
import { deliveryStatusValues } from '../enums';
import { deliveryLifecycle } from './delivery';
import { assertTransition, isFinal, nextStates } from './lifecycle';
import { allowedMatrix, sortedMatrix } from './test-matrix';

const staff = ['staff'] as const;
const staffOrClient = ['staff', 'client'] as const;
/** The assigned rider moves their own delivery along the road (the server checks it is theirs). */
const road = ['carrier', 'staff'] as const;

describe('the delivery lifecycle', () => {
  it('places every DeliveryStatus value, and only those', () => {
    expect([...deliveryLifecycle.states].sort()).toEqual([...deliveryStatusValues].sort());
  });

  it('allows exactly these moves, each to exactly these actors; everything else is refused', () => {
    const retry = { InTransit: [...road], Cancelled: [...staff] };
    expect(allowedMatrix(deliveryLifecycle)).toEqual(
      sortedMatrix({
        Pending: { Accepted: [...staff], Rejected: [...staff], Cancelled: [...staffOrClient] },
        Accepted: { CarrierPickup: [...road], Rejected: [...staff], Cancelled: [...staffOrClient] },
        Rejected: { Pending: [...staff], Accepted: [...staff], Cancelled: [...staffOrClient] },
        CarrierPickup: { InTransit: [...road], Cancelled: [...staff] },
        InTransit: {
          Delivered: [...road],
          OrderNotDelivered: [...road],
          CantLocateClientLocation: [...road],
          Other: [...road],
        },
        OrderNotDelivered: retry,
        CantLocateClientLocation: retry,
        Other: retry,
      }),
    );
  });

  it('starts Pending, reaches every status, and ends at Delivered and Cancelled', () => {
    expect(deliveryLifecycle.initial).toEqual(['Pending']);
    const reached = new Set([...deliveryLifecycle.initial, ...deliveryLifecycle.transitions.map((t) => t.to)]);
    expect(deliveryLifecycle.states.filter((s) => !reached.has(s))).toEqual([]);
    expect(deliveryLifecycle.states.filter((s) => isFinal(deliveryLifecycle, s))).toEqual(['Delivered', 'Cancelled']);
  });

  it('never lets a carrier on the road be cancelled by the client', () => {
    expect(nextStates(deliveryLifecycle, 'CarrierPickup', 'client')).toEqual([]);
    expect(nextStates(deliveryLifecycle, 'InTransit', 'client')).toEqual([]);
  });

  it('lets the carrier make only the road moves: never assign, reject or cancel', () => {
    expect(nextStates(deliveryLifecycle, 'Pending', 'carrier')).toEqual([]);
    expect(nextStates(deliveryLifecycle, 'Accepted', 'carrier')).toEqual(['CarrierPickup']);
    expect(nextStates(deliveryLifecycle, 'OrderNotDelivered', 'carrier')).toEqual(['InTransit']);
  });

  it('refuses a skipped step with what may come next (the message staff see)', () => {
    expect(() => assertTransition(deliveryLifecycle, 'Pending', 'Delivered', 'staff')).toThrow(
      'A delivery that is Pending cannot become Delivered (next: Accepted, Rejected, Cancelled)',
    );
  });
});
