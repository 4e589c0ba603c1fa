// The app's answers on the wire: a JSON answer of a few hundred bytes is compressed for a client
// that accepts it (lib/compression.ts), the same JSON once decoded; a smaller one, and one for a
// client that accepts no encoding, goes as it is.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../../src/server/lib/compression';
import { buildTestApp, injectAs, signInAs } from '../../src/server/test-utils/test-app';

describe('answers on the wire', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const centers = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/centers', headers: { 'x-platform': 'web', ...headers } });

  it('compresses a JSON answer of a few hundred bytes as the request accepts', async () => {
    const plain = await centers();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The demo's two centers: above the threshold, under the kilobyte the app once waited for.
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.rawPayload.length).toBeLessThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await centers({ 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length);
      expect(decode(res.rawPayload).toString(), accept).toBe(plain.rawPayload.toString());
    }
  });

  it('sends a smaller answer as it is', async () => {
    const member = await signInAs(app, '08010000003');
    const res = await injectAs(app, member, {
      method: 'GET',
      url: '/api/shift/active',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ shift: null });
  });
});
