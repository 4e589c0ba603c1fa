import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestKeys, newIdempotencyKey } from './idempotency-key';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request keys', () => {
  it('sends the same key again for a retry of the same payload, and a new one for a changed payload', () => {
    const keys = createRequestKeys();
    const first = keys.keyFor({ amount: 500 });
    expect(keys.keyFor({ amount: 500 })).toBe(first);
    const edited = keys.keyFor({ amount: 600 });
    expect(edited).not.toBe(first);
    expect(keys.keyFor({ amount: 500 })).not.toBe(first);
  });

  it('makes a new key for the next request once the last one is done', () => {
    const keys = createRequestKeys();
    const first = keys.keyFor({ name: 'Gas Co' });
    keys.renew();
    expect(keys.keyFor({ name: 'Gas Co' })).not.toBe(first);
  });

  it('is a UUID, or still unique where randomUUID is missing (an insecure origin)', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f-]{36}$/);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const a = newIdempotencyKey();
    expect(a).toMatch(/\S{8,}/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
