import { describe, expect, it } from 'vitest';
import { pickupAttemptStatusValues, pickupConfirmationActionValues, pickupStatusValues } from '../enums';
import { isFinal, openStates } from './lifecycle';
import { isOpenPickup, pickupAttemptLifecycle, pickupConfirmationLifecycle, pickupLifecycle } from './pickup';
import { allowedMatrix, sortedMatrix } from './test-matrix';

describe('the pickup request lifecycle', () => {
  it('places every PickupStatus value, and only those', () => {
    expect([...pickupLifecycle.states].sort()).toEqual([...pickupStatusValues].sort());
  });

  it('allows exactly these moves, each to exactly these actors; everything else is refused', () => {
    const answer = {
      Completed: ['client' as const],
      ClientReject: ['client' as const],
      Cancelled: ['staff' as const, 'client' as const, 'system' as const],
    };
    expect(allowedMatrix(pickupLifecycle)).toEqual(
      sortedMatrix({ Pending: { InProgress: ['client'], ...answer }, InProgress: answer }),
    );
  });

  it('is open while Pending or InProgress; Approved is never reached', () => {
    expect(openStates(pickupLifecycle)).toEqual(['Pending', 'InProgress']);
    expect(pickupStatusValues.filter(isOpenPickup)).toEqual(['Pending', 'InProgress']);
    const reached = new Set([...pickupLifecycle.initial, ...pickupLifecycle.transitions.map((t) => t.to)]);
    expect(pickupLifecycle.states.filter((s) => !reached.has(s))).toEqual(['Approved']);
  });
});

describe('the pickup confirmation', () => {
  it('places every PickupConfirmationAction value, and only those', () => {
    expect([...pickupConfirmationLifecycle.states].sort()).toEqual([...pickupConfirmationActionValues].sort());
  });

  it('flips with presence until the owner answers', () => {
    expect(allowedMatrix(pickupConfirmationLifecycle)).toEqual(
      sortedMatrix({
        Pending: { ClientOffLine: ['system'], Approve: ['client'], Rejected: ['client'] },
        ClientOffLine: { Pending: ['system'], Approve: ['client'], Rejected: ['client'] },
      }),
    );
    expect(isFinal(pickupConfirmationLifecycle, 'Approve')).toBe(true);
    expect(isFinal(pickupConfirmationLifecycle, 'Rejected')).toBe(true);
  });
});

describe('the pickup attempt log', () => {
  it('places every PickupAttemptStatus value; each is written once and never moves', () => {
    expect([...pickupAttemptLifecycle.states].sort()).toEqual([...pickupAttemptStatusValues].sort());
    expect([...pickupAttemptLifecycle.initial].sort()).toEqual([...pickupAttemptStatusValues].sort());
    expect(allowedMatrix(pickupAttemptLifecycle)).toEqual({});
  });
});
