// The one recipe for Idempotency-Keys (DESIGN: mutating calls a client may retry). A key is made
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

export function createRequestKeys(): RequestKeys {
  let last: { payload: string; key: string } | null = null;
  return {
    keyFor(payload) {
      const text = JSON.stringify(payload) ?? '';
      if (last?.payload !== text) last = { payload: text, key: newIdempotencyKey() };
      return last.key;
    },
    renew() {
      last = null;
    },
  };
}
