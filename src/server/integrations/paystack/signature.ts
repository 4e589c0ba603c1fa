import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-paystack-signature';

/** Hex HMAC-SHA512 of the raw body under the secret key: Paystack's webhook signature. */
export function signPaystackBody(body: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

/** Constant-time check of an x-paystack-signature header. */
export function isValidPaystackSignature(body: string | Buffer, signature: unknown, secretKey: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(body).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
