import { describe, expect, it } from 'vitest';
import { ErrorType } from '../../../../domain/errors';
import { ApiError } from '../../../lib/api-client';
import { isStaffStateRefusal } from './staff-state';

const refusal = (status: number, reason?: string) =>
  new ApiError({ status, type: ErrorType.Forbidden, message: 'no', additionalInfo: reason ? { reason } : undefined });

describe('a refusal that says the session is out of date', () => {
  it('is a 403 for the shift or the role', () => {
    for (const reason of ['NoActiveShift', 'NotCurrentStaff', 'NotStaff']) {
      expect(isStaffStateRefusal(refusal(403, reason))).toBe(true);
    }
  });

  it('is not any other refusal, nor a lost answer', () => {
    expect(isStaffStateRefusal(refusal(403))).toBe(false);
    expect(isStaffStateRefusal(refusal(400, 'NoActiveShift'))).toBe(false);
    expect(isStaffStateRefusal(refusal(403, 'OutOfStock'))).toBe(false);
    // A screen that asks for what the role does not open, and does without it.
    expect(isStaffStateRefusal(refusal(403, 'MissingAccess'))).toBe(false);
    expect(isStaffStateRefusal(refusal(0))).toBe(false);
    expect(isStaffStateRefusal(new Error('NoActiveShift'))).toBe(false);
  });
});
