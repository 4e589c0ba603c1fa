import { describe, expect, it } from 'vitest';
import {
  CYLINDER_SIZES_KG,
  OTP_EXPIRY_MS,
  OTP_LENGTH,
  REFERRER_MAX_LENGTH,
  RESEND_COUNTDOWN_S,
  screenType,
  trimReferrer,
} from './constants';

describe('constants', () => {
  it('keep the code length and expiry, the resend countdown and the cylinder sizes', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(OTP_EXPIRY_MS).toBe(5 * 60 * 1000);
    expect(RESEND_COUNTDOWN_S).toBe(170);
    expect(CYLINDER_SIZES_KG).toEqual([3, 5, 6, 12.5, 25, 50]);
  });
});

describe('screenType', () => {
  it('splits at 768 and 1024', () => {
    expect(screenType(0)).toBe('Mobile');
    expect(screenType(767)).toBe('Mobile');
    expect(screenType(768)).toBe('Tablet');
    expect(screenType(1023)).toBe('Tablet');
    expect(screenType(1024)).toBe('Desktop');
    expect(screenType(1920)).toBe('Desktop');
  });
});

describe('trimReferrer', () => {
  const base = 'https://arrive.ng/products';
  it('keeps referrers of up to 500 characters', () => {
    const url = `${base}?q=${'a'.repeat(REFERRER_MAX_LENGTH - base.length - 3)}`;
    expect(url).toHaveLength(500);
    expect(trimReferrer(url)).toBe(url);
    expect(trimReferrer('')).toBe('');
  });
  it('drops the query of longer ones', () => {
    const url = `${base}?q=${'a'.repeat(600)}#top`;
    expect(trimReferrer(url)).toBe(base);
  });
  it('bounds a long referrer without a query', () => {
    const url = `${base}/${'a'.repeat(600)}`;
    expect(trimReferrer(url)).toHaveLength(REFERRER_MAX_LENGTH);
  });
});
