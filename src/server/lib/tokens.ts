import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** A compact signed token: base64url(JSON payload) + '.' + base64url(HMAC-SHA256). */
export function signToken(payload: Record<string, unknown>, secret: string): string {
  const body = b64(JSON.stringify(payload));
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** Answers the payload when the signature holds, otherwise null. Expiry is the caller's to check. */
export function verifyToken<T>(token: string, secret: string): T | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const mac = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', secret).update(body).digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
