// Phone rules of SPEC §5. Numbers are stored in two forms: local (0 + 10 digits) and
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
