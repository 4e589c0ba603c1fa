// Phone rules. Numbers are stored in two forms: local (0 + 10 digits) and
// international (234 + 10 digits).
import { userMessages } from './errors';

const MOBILE_INPUT_MAX_DIGITS = 11;
const MOBILE_FORMAT = /^(?:0\d{10}|234\d{10})$/;
const NIGERIAN_PHONE = /^0[789][01]\d{8}$/;

export const mobileFormatMessage = userMessages.mobileFormat;

/** What the mobile number input keeps of what was typed: digits only, at most 11. */
export function filterMobileInput(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D/g, '').slice(0, MOBILE_INPUT_MAX_DIGITS);
}

/** 0 followed by 10 digits, or 234 followed by 10 digits. */
export function isValidMobileFormat(s: string | null | undefined): boolean {
  return MOBILE_FORMAT.test(s ?? '');
}

/** 11 digits: 0, then 7/8/9, then 0/1, then 8 more digits. */
export function isNigerianPhone(s: string | null | undefined): boolean {
  return NIGERIAN_PHONE.test(s ?? '');
}

export type NormalizedPhone = { local: string; international: string; pass: boolean };

/** Both stored forms of a number given as 0 + 10 digits or 234 + 10 digits. */
export function normalizePhone(s: string | null | undefined): NormalizedPhone {
  const value = (s ?? '').trim();
  if (!MOBILE_FORMAT.test(value)) return { local: '', international: '', pass: false };
  const national = value.slice(-10);
  return { local: `0${national}`, international: `234${national}`, pass: true };
}

const INTERNATIONAL_PREFIX = '234';
const INTERNATIONAL_DIGITS = INTERNATIONAL_PREFIX.length + 10;

/**
 * What the mobile number field shows after an edit or a paste (digits only, at most 11),
 * given the field's text after the edit and its value before. People paste numbers as they wrote
 * them down: spaces, dashes, brackets and a +234 prefix are dropped and an international number
 * becomes its local form (0 + 10 digits), so `+234 801 000 0002`, `2348010000002`,
 * `(0801) 000-0002` and `0801 000 0002` all give 08010000002 (`+234 (0) 801…` too). An
 * international number still being typed keeps its digits until it is whole. Text that is
 * neither is refused as a whole (the field keeps `previous`): cutting it to 11 digits would give
 * a different number that may well pass the checks.
 */
export function mobileInputValue(raw: string | null | undefined, previous = ''): string {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length <= MOBILE_INPUT_MAX_DIGITS) return digits;
  if (digits.startsWith(INTERNATIONAL_PREFIX)) {
    const national = digits.slice(INTERNATIONAL_PREFIX.length);
    if (national.length === 10) return `0${national}`;
    // +234 (0)801 000 0002: the trunk 0 written after the country code.
    if (national.length === 11 && national.startsWith('0')) return national;
    if (digits.length < INTERNATIONAL_DIGITS) return digits;
  }
  return previous;
}

/** An international number part-way typed (234…): not yet wrong, not yet whole. */
export const isInternationalInProgress = (value: string) =>
  value.startsWith(INTERNATIONAL_PREFIX) && value.length < INTERNATIONAL_DIGITS;
