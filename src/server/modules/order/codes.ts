import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: codes are read out loud at the counter and typed from paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** 'ARV-7K2M9Q': about 887 million values. */
export const newOrderNumber = () => `ARV-${randomCode(6)}`;
/** 'PAY-4HX9T2KD'. */
export const newPaymentNumber = () => `PAY-${randomCode(8)}`;
/** Six characters read out at the counter when the QR code cannot be scanned. */
export const newPickupCode = () => randomCode(6);

/** Order numbers are shown upper-case; accept what a person types. */
export const normalizeOrderNumber = (value: string) => value.trim().toUpperCase();
