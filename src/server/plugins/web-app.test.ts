import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-utils/test-app';
import { cacheControlFor } from './web-app';

let app: FastifyInstance;
let dist = '';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'arrive-dist-'));
  const files: Record<string, string> = {
    'index.html': '<h1>home</h1>',
    'shell.html': '<div id="root"></div>',
    'about/index.html': '<h1>about</h1>',
    'app-shells/wallet.html': '<div id="root" data-app-shell="wallet"><h1>Wallet</h1></div>',
    'app-shells/order.html': '<div id="root" data-app-shell="order"><h1>Order</h1></div>',
    'app-shells.json': JSON.stringify([
      { pattern: '/wallet', file: 'app-shells/wallet.html' },
      { pattern: '/order/:orderNumber', file: 'app-shells/order.html' },
    ]),
    'assets/app-abc123.js': 'console.log(1)',
    'sw.js': 'self.addEventListener("fetch", () => {})',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  }
  app = await buildTestApp({ env: { STATIC_DIR: dist } });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('serves the prerendered home and pages, revalidated on every visit', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('home');
    expect(home.headers['cache-control']).toBe('no-cache');
    const about = await app.inject({ method: 'GET', url: '/about' });
    expect(about.body).toContain('about');
  });

  it("answers an app screen with its prerendered shell, a route's parameter matching any one segment", async () => {
    const wallet = await app.inject({ method: 'GET', url: '/wallet/?tab=1' });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.headers['cache-control']).toBe('no-cache');
    expect(wallet.body).toContain('data-app-shell="wallet"');
    const order = await app.inject({ method: 'GET', url: '/order/AR-1%2F2' });
    expect(order.body).toContain('data-app-shell="order"');
    const deeper = await app.inject({ method: 'GET', url: '/order/1/2' });
    expect(deeper.body).toBe('<div id="root"></div>');
  });

  it('answers every other page with the empty shell, not the home', async () => {
    const res = await app.inject({ method: 'GET', url: '/payment/redirect?tab=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<div id="root"></div>');
  });

  it('caches hashed assets for a year and the worker not at all', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Revalidated by ETag alone: no header bytes that nothing uses.
    expect(asset.headers.etag).toBeTruthy();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['accept-ranges']).toBeUndefined();
    const again = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'if-none-match': String(asset.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps images and icons a day, pages and the worker not at all', () => {
    expect(cacheControlFor('images/promo.svg')).toBe('public, max-age=86400');
    expect(cacheControlFor('icons/icon-192.png')).toBe('public, max-age=86400');
    expect(cacheControlFor('assets/app-abc123.js')).toBe('public, max-age=31536000, immutable');
    for (const file of ['index.html', 'about/index.html', 'sw.js', 'manifest.webmanifest', 'imagesque.html']) {
      expect(cacheControlFor(file), file).toBe('no-cache');
    }
  });

  it('keeps unknown API paths and missing assets as 404 error objects', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/none' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ type: 'NotFound', status: 404 });
    const post = await app.inject({ method: 'POST', url: '/wallet', headers: { 'x-platform': 'web' } });
    expect(post.statusCode).toBe(404);
    // A chunk an older build had, and static files that are not there: 404, never the page shell.
    for (const url of ['/assets/gone-abc123.js', '/assets/gone.css?v=1', '/icons/none.png', '/none.webmanifest']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/application\/json/);
    }
    // Pages still get their shell, a query string included.
    expect((await app.inject({ method: 'GET', url: '/order/ARV-ABC123?from=sms' })).statusCode).toBe(200);
  });
});
