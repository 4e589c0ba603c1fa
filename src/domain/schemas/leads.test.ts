import { describe, expect, it } from 'vitest';
import { userMessages } from '../errors';
import { interestLeadBodySchema, leadMessages, validateRiderSignup } from './leads';

const valid = {
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phoneNumber: '08031234567',
  password: 'long enough',
  confirmPassword: 'long enough',
};

describe('validateRiderSignup', () => {
  it('accepts a complete sign-up', () => {
    expect(validateRiderSignup(valid)).toBeNull();
  });

  it.each(['fullName', 'email', 'phoneNumber', 'password'] as const)('needs %s', (field) => {
    expect(validateRiderSignup({ ...valid, [field]: field === 'password' ? '' : '   ' })).toBe(
      userMessages.riderMissingFields,
    );
  });

  it('reports missing fields before a password mismatch', () => {
    expect(validateRiderSignup({ ...valid, fullName: '', confirmPassword: 'x' })).toBe(userMessages.riderMissingFields);
  });

  it('needs the confirmation to equal the password', () => {
    expect(validateRiderSignup({ ...valid, confirmPassword: 'long enougH' })).toBe(userMessages.riderPasswordMismatch);
  });

  it('checks email, phone and password length after the missing-field and mismatch messages', () => {
    expect(validateRiderSignup({ ...valid, email: 'ada@' })).toBe(leadMessages.email);
    expect(validateRiderSignup({ ...valid, phoneNumber: '05031234567' })).toBe(leadMessages.phone);
    expect(validateRiderSignup({ ...valid, phoneNumber: '2348031234567' })).toBeNull();
    expect(validateRiderSignup({ ...valid, password: 'short', confirmPassword: 'short' })).toBe(
      leadMessages.passwordLength,
    );
  });
});

describe('interestLeadBodySchema', () => {
  it('stores the phone in its local form', () => {
    const parsed = interestLeadBodySchema.parse({ service: 'ride', name: 'Ada', phone: '2348031234567', city: 'Jos' });
    expect(parsed.phone).toBe('08031234567');
  });

  it('asks partners, and only partners, for a business name', () => {
    const partner = interestLeadBodySchema.safeParse({
      service: 'grocery-partner',
      name: 'Ada',
      phone: '08031234567',
      city: 'Jos',
    });
    expect(partner.success).toBe(false);
    expect(partner.error?.issues[0]).toMatchObject({ path: ['businessName'], message: leadMessages.businessName });
    expect(
      interestLeadBodySchema.safeParse({ service: 'ride', name: 'Ada', phone: '08031234567', city: 'Jos' }).success,
    ).toBe(true);
  });
});
