// The one recipe for Idempotency-Keys (for mutating calls a client may retry). A key is made
// once per distinct request: a retry of the same payload (a lost answer on a bad network) sends
// the same key and the server answers the first result again; a changed payload gets a fresh key
// instead of the server's "key reused for another request" refusal. No React here: the marketing
// pages' enhancers use it without the app.

/** A fresh key: a UUID, or time and randomness where randomUUID is missing (an insecure origin). */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

export type RequestKeys = {
  /** The key for this payload: the last one again while the payload is unchanged. */
  keyFor: (payload: unknown) => string;
  /** Forget the last key, once its request is done, so the next request (even an identical one) is new. */
  renew: () => void;
};

/** The last payload and its key. */
export type LastRequest = { payload: string; key: string };

/** Where the last key is kept beyond memory (a tab's draft: a reload sends the same key again). */
export type RequestKeyStore = { read: () => LastRequest | null; write: (last: LastRequest | null) => void };

export const isLastRequest = (v: unknown): v is LastRequest =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LastRequest).payload === 'string' &&
  typeof (v as LastRequest).key === 'string';

export function createRequestKeys(store?: RequestKeyStore): RequestKeys {
  let last: LastRequest | null = store?.read() ?? null;
  return {
    keyFor(payload) {
      const text = JSON.stringify(payload) ?? '';
      if (last?.payload !== text) {
        last = { payload: text, key: newIdempotencyKey() };
        store?.write(last);
      }
      return last.key;
    },
    renew() {
      last = null;
      store?.write(null);
    },
  };
}
