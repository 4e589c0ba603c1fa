import { describe, expect, it } from 'vitest';
import {
  filterMobileInput,
  isInternationalInProgress,
  isNigerianPhone,
  isValidMobileFormat,
  mobileFormatMessage,
  mobileInputValue,
  normalizePhone,
} from './phone';

describe('filterMobileInput', () => {
  it('keeps digits only', () => {
    expect(filterMobileInput('08a0-1 2b')).toBe('08012');
    expect(filterMobileInput('abc')).toBe('');
  });
  it('truncates to 11 digits', () => {
    expect(filterMobileInput('080100000019999')).toBe('08010000001');
    expect(filterMobileInput('+234 801 000 0001')).toBe('23480100000');
  });
  it('handles empty values', () => {
    expect(filterMobileInput('')).toBe('');
    expect(filterMobileInput(undefined)).toBe('');
  });
});

describe('isValidMobileFormat', () => {
  it('accepts 0 + 10 digits and 234 + 10 digits', () => {
    expect(isValidMobileFormat('08010000001')).toBe(true);
    expect(isValidMobileFormat('2348010000001')).toBe(true);
  });
  it('rejects other lengths, letters and empty values', () => {
    expect(isValidMobileFormat('080100000011')).toBe(false); // 12 digits
    expect(isValidMobileFormat('0801000000')).toBe(false); // 10 digits
    expect(isValidMobileFormat('234801000000')).toBe(false); // 234 + 9
    expect(isValidMobileFormat('23480100000011')).toBe(false); // 234 + 11
    expect(isValidMobileFormat('18010000001')).toBe(false);
    expect(isValidMobileFormat('0801000000a')).toBe(false);
    expect(isValidMobileFormat('+2348010000001')).toBe(false);
    expect(isValidMobileFormat('')).toBe(false);
    expect(isValidMobileFormat(null)).toBe(false);
  });
  it('has the format message', () => {
    expect(mobileFormatMessage).toBe('Mobile number format is not correct');
  });
});

describe('isNigerianPhone', () => {
  it('accepts 0, 7/8/9, 0/1, then 8 digits', () => {
    for (const n of ['07012345678', '08112345678', '09012345678', '08010000001']) {
      expect(isNigerianPhone(n)).toBe(true);
    }
  });
  it('rejects the rest', () => {
    expect(isNigerianPhone('06012345678')).toBe(false); // 0 then 6
    expect(isNigerianPhone('08212345678')).toBe(false); // third digit 2
    expect(isNigerianPhone('0801234567')).toBe(false); // 10 digits
    expect(isNigerianPhone('080123456789')).toBe(false); // 12 digits
    expect(isNigerianPhone('2348012345678')).toBe(false); // international form
    expect(isNigerianPhone('0801234567x')).toBe(false);
    expect(isNigerianPhone('')).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('gives both forms from the local form', () => {
    expect(normalizePhone('08010000001')).toEqual({
      local: '08010000001',
      international: '2348010000001',
      pass: true,
    });
  });
  it('gives both forms from the international form', () => {
    expect(normalizePhone('2348010000001')).toEqual({
      local: '08010000001',
      international: '2348010000001',
      pass: true,
    });
  });
  it('fails with empty strings otherwise', () => {
    const fail = { local: '', international: '', pass: false };
    expect(normalizePhone('080100000011')).toEqual(fail);
    expect(normalizePhone('8010000001')).toEqual(fail);
    expect(normalizePhone('0801000000a')).toEqual(fail);
    expect(normalizePhone('')).toEqual(fail);
    expect(normalizePhone(undefined)).toEqual(fail);
  });
  it('ignores surrounding whitespace', () => {
    expect(normalizePhone(' 08010000001 ').pass).toBe(true);
  });
});

describe('mobileInputValue', () => {
  it.each([
    ['0801 000 0002', '08010000002'],
    ['+234 801 000 0002', '08010000002'],
    ['2348010000002', '08010000002'],
    ['(0801) 000-0002', '08010000002'],
    ['+234 (0) 801 000 0002', '08010000002'],
    ['+234-803-123-4567', '08031234567'],
  ])('turns a pasted %s into the local form %s', (raw, local) => {
    expect(mobileInputValue(raw)).toBe(local);
  });

  it('keeps digits while a number is typed, an international one too', () => {
    expect(mobileInputValue('080a1')).toBe('0801');
    expect(mobileInputValue('+234 801')).toBe('234801');
    expect(mobileInputValue('234801000000')).toBe('234801000000');
  });

  it('refuses text that would have to be cut, instead of keeping another number', () => {
    expect(mobileInputValue('080100000021', '08010000002')).toBe('08010000002');
    expect(mobileInputValue('+1 415 555 0100 22', '')).toBe('');
    expect(mobileInputValue('23480100000021', '0801')).toBe('0801');
  });

  it('never yields more than 11 digits unless an international number is part-way typed', () => {
    for (const raw of ['08010000002', '+234 801 000 0002', '1234567890123456']) {
      const value = mobileInputValue(raw);
      expect(value.length <= 11 || isInternationalInProgress(value)).toBe(true);
    }
    expect(isInternationalInProgress('2348010')).toBe(true);
    expect(isInternationalInProgress('08010000002')).toBe(false);
  });
});
