import {
  createCipheriv,
  createECDH,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';

/*
 * The Web Push protocol with node:crypto only: message encryption (RFC 8291, `aes128gcm` of
 * RFC 8188) and VAPID (RFC 8292, an ES256 JWT). One record, no padding beyond the delimiter.
 */

export type VapidKeys = {
  /** Uncompressed P-256 point (65 bytes), base64url: what the browser's subscribe() takes. */
  publicKey: string;
  /** The private scalar (32 bytes), base64url. */
  privateKey: string;
};

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

const b64url = (buf: Buffer | Uint8Array) => Buffer.from(buf).toString('base64url');
const fromB64url = (text: string) => Buffer.from(text.replace(/=+$/, ''), 'base64url');

/** A new VAPID key pair (used when the configuration has none outside production). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(ecdh.getPrivateKey()) };
}

/** The private key as a KeyObject; throws when the pair is not a valid P-256 pair. */
export function vapidPrivateKeyObject(keys: VapidKeys): KeyObject {
  const publicPoint = fromB64url(keys.publicKey);
  const raw = fromB64url(keys.privateKey);
  // A scalar with leading zero bytes may have been written shorter.
  const d = raw.length < 32 ? Buffer.concat([Buffer.alloc(32 - raw.length), raw]) : raw;
  if (publicPoint.length !== 65 || publicPoint[0] !== 4 || d.length !== 32) {
    throw new Error('VAPID keys must be a base64url P-256 public point (65 bytes) and private key (32 bytes)');
  }
  // The public point must be the private key's own.
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  if (!ecdh.getPublicKey().equals(publicPoint)) throw new Error('VAPID_PUBLIC_KEY does not match VAPID_PRIVATE_KEY');
  return createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: b64url(d),
      x: b64url(publicPoint.subarray(1, 33)),
      y: b64url(publicPoint.subarray(33, 65)),
    },
    format: 'jwk',
  });
}

/** The P-256 public point as a KeyObject (to verify a VAPID JWT). */
export function vapidPublicKeyObject(publicKey: string): KeyObject {
  const point = fromB64url(publicKey);
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** The VAPID JWT for one push service (its origin is the audience), valid 12 hours. */
export function vapidJwt(
  privateKey: KeyObject,
  audience: string,
  subject: string,
  now = Date.now(),
  lifetimeSeconds = 12 * 60 * 60,
): string {
  const header = b64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64url(
    Buffer.from(JSON.stringify({ aud: audience, exp: Math.floor(now / 1000) + lifetimeSeconds, sub: subject })),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${b64url(signature)}`;
}

/** Record size announced in the header; one record holds the whole (small) message. */
const RECORD_SIZE = 4096;

/**
 * Encrypts `payload` for one subscription (RFC 8291 §3.4): ECDH with a fresh key pair, the auth
 * secret and both public keys give the key and nonce of one AES-128-GCM record.
 */
export function encryptPayload(
  target: PushTarget['keys'],
  payload: Buffer,
  fresh: { ecdh?: ReturnType<typeof createECDH>; salt?: Buffer } = {},
): Buffer {
  const uaPublic = fromB64url(target.p256dh);
  const authSecret = fromB64url(target.auth);
  if (uaPublic.length !== 65 || authSecret.length < 16) throw new Error('The subscription keys are malformed');
  if (payload.length > RECORD_SIZE - 17 - 1 - 86) throw new Error('The push message is too long');
  const ecdh = fresh.ecdh ?? createECDH('prime256v1');
  if (!fresh.ecdh) ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(uaPublic);
  const salt = fresh.salt ?? randomBytes(16);

  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02: the last (and only) record's delimiter.
  const body = Buffer.concat([
    cipher.update(Buffer.concat([payload, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

export type PushRequest = { url: string; headers: Record<string, string>; body: Buffer };

/** The HTTP request that delivers `payload` to one subscription. */
export function buildPushRequest(
  target: PushTarget,
  payload: string,
  vapid: { keys: VapidKeys; privateKey: KeyObject; subject: string },
  options: { ttlSeconds?: number; urgency?: 'very-low' | 'low' | 'normal' | 'high'; now?: number } = {},
): PushRequest {
  const audience = new URL(target.endpoint).origin;
  const jwt = vapidJwt(vapid.privateKey, audience, vapid.subject, options.now);
  return {
    url: target.endpoint,
    headers: {
      'content-type': 'application/octet-stream',
      'content-encoding': 'aes128gcm',
      ttl: String(options.ttlSeconds ?? 24 * 60 * 60),
      urgency: options.urgency ?? 'normal',
      authorization: `vapid t=${jwt}, k=${vapid.keys.publicKey}`,
    },
    body: encryptPayload(target.keys, Buffer.from(payload, 'utf8')),
  };
}
