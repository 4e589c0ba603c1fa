import { sha256, signToken, verifyToken } from '../../lib/tokens';

/**
 * The order's QR code carries a token signed with a key derived from the session secret, so a
 * QR code cannot be forged or edited to point at another order, and a leaked access token can
 * never pass as a QR token (nor the reverse). It does not expire: whether the order may still
 * be handed over is decided by pickup eligibility, not by the code.
 */
/** The order id as 16 raw bytes in base64url (22 characters), to keep the token short. */
type QrPayload = { o: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer than any token of ours: anything longer is refused unparsed. */
const MAX_TOKEN_LENGTH = 120;

const qrKey = (secret: string) => sha256(`arrive:order-qr:v1:${secret}`);

const packUuid = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');

function unpackUuid(packed: string): string | null {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(uuid) ? uuid : null;
}

/**
 * A compact token (84 characters) for the order's QR code: short enough for a low-density QR
 * code that scans from a phone screen, and for a URL path segment (Fastify's limit is 100).
 */
export function signOrderQrToken(secret: string, orderId: string): string {
  if (!UUID.test(orderId)) throw new Error('signOrderQrToken: orderId must be a UUID');
  const payload: QrPayload = { o: packUuid(orderId.toLowerCase()) };
  return signToken(payload, qrKey(secret));
}

/** The order the token was signed for, or null when it is malformed, forged or altered. */
export function verifyOrderQrToken(secret: string, token: string): { orderId: string } | null {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const payload = verifyToken<Partial<QrPayload>>(token.trim(), qrKey(secret));
  if (!payload || typeof payload.o !== 'string' || payload.o.length !== 22) return null;
  const orderId = unpackUuid(payload.o);
  return orderId ? { orderId } : null;
}
