import { describe, expect, it } from 'vitest';
import { type PaymentStatus, paymentStatusValues } from '../enums';
import type { Actor } from './lifecycle';
import { canTransition, isFinal, previousStates } from './lifecycle';
import { paymentLifecycle } from './payment';
import { allowedMatrix, type Matrix } from './test-matrix';

const unsettled: PaymentStatus[] = ['pending', 'ongoing', 'queued', 'failed', 'abandoned'];
const to: Partial<Record<PaymentStatus, Actor[]>> = {
  pending: ['paystack'],
  failed: ['paystack', 'system'],
  abandoned: ['paystack', 'system'],
  success: ['paystack'],
  processing: ['system'],
  reversed: ['paystack', 'system'],
};

describe('the payment lifecycle', () => {
  it('places every PaymentStatus value, and only those', () => {
    expect([...paymentLifecycle.states].sort()).toEqual([...paymentStatusValues].sort());
  });

  it('allows exactly these moves, each to exactly these actors; everything else is refused', () => {
    const expected: Matrix<PaymentStatus> = {};
    for (const from of unsettled) {
      expected[from] = Object.fromEntries(Object.entries(to).filter(([s]) => s !== from)) as typeof to;
    }
    expect(allowedMatrix(paymentLifecycle)).toEqual(expected);
  });

  it('settles at success, processing and reversed', () => {
    expect(paymentLifecycle.states.filter((s) => isFinal(paymentLifecycle, s)).sort()).toEqual([
      'processing',
      'reversed',
      'success',
    ]);
  });

  it('starts pending; ongoing and queued are only ever read, never written', () => {
    expect(paymentLifecycle.initial).toEqual(['pending']);
    expect(previousStates(paymentLifecycle, 'ongoing')).toEqual([]);
    expect(previousStates(paymentLifecycle, 'queued')).toEqual([]);
  });

  it('takes success only on the provider’s word, and never undoes one', () => {
    expect(previousStates(paymentLifecycle, 'success', 'system')).toEqual([]);
    expect(previousStates(paymentLifecycle, 'success', 'client')).toEqual([]);
    expect(previousStates(paymentLifecycle, 'success').sort()).toEqual([...unsettled].sort());
    for (const s of paymentStatusValues) expect(canTransition(paymentLifecycle, 'success', s)).toBe(false);
  });
});
