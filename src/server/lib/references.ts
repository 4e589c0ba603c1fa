import { randomBytes, randomInt } from 'node:crypto';

/**
 * The one scheme for the references people see: a prefix and characters from one alphabet.
 * No 0/O, 1/I/L: codes are read out loud at the counter and typed from paper.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** An order: 'ARV-7K2M9Q', about 887 million values. */
export const newOrderNumber = () => `ARV-${randomCode(6)}`;
/** The number a client pays an order by: 'PAY-4HX9T2KD'. */
export const newOrderPaymentNumber = () => `PAY-${randomCode(8)}`;
/** One payment attempt (a card checkout, a wallet funding): 'PMT-4HX9T2KD7M'. */
export const newPaymentNumber = () => `PMT-${randomCode(10)}`;
/** Six characters read out at the counter when the QR code cannot be scanned. */
export const newPickupCode = () => randomCode(6);
/** The reference given to the payment provider for a transaction (not shown to people). */
export const newProviderReference = () => `ARV_${randomBytes(12).toString('hex')}`;

/** References are shown upper-case; accept what a person types. */
export const normalizeReference = (value: string) => value.trim().toUpperCase();
/** Order numbers are shown upper-case; accept what a person types. */
export const normalizeOrderNumber = normalizeReference;
