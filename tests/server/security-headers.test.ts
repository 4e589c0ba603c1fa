// Security headers on every page and every API answer (success and error alike), and HSTS only
// in production: documents (and the service worker) get the whole set, API answers and static
// files the short one that means something for them. Pages come from a small stand-in build,
// since the real build runs after vitest.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAs } from '../../src/server/test-utils/test-app';
import { listApiRoutes } from './support/api-routes';
import { callRoute, sampleInput } from './support/route-request';

let staticDir: string;
let app: FastifyInstance;
let production: FastifyInstance;

function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'arrive-static-'));
  const html = '<!doctype html><html><head><title>Arrive</title></head><body><div id="root"></div></body></html>';
  writeFileSync(path.join(dir, 'index.html'), html);
  mkdirSync(path.join(dir, 'about'));
  writeFileSync(path.join(dir, 'about', 'index.html'), html);
  writeFileSync(path.join(dir, 'about', 'offline.html'), html);
  mkdirSync(path.join(dir, 'app-shells'));
  writeFileSync(path.join(dir, 'app-shells', 'wallet.html'), html);
  writeFileSync(
    path.join(dir, 'app-shells.json'),
    JSON.stringify([{ pattern: '/wallet', file: 'app-shells/wallet.html' }]),
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Arrive"}');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'csp.json'), JSON.stringify({ scriptHashes: [INLINE_SCRIPT_HASH] }));
  return dir;
}

/** The hash the build lists for the public pages' inline start-up script (scripts/prerender.mjs). */
const INLINE_SCRIPT_HASH = "'sha256-RwsaRCDcVU7rbQlSMQ4/+wyDo4eWBkuehlWJyBuZMMc='";

beforeAll(async () => {
  staticDir = fakeBuild();
  app = await buildTestApp({ env: { STATIC_DIR: staticDir } });
  production = await buildTestApp({
    env: {
      STATIC_DIR: staticDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://arrive.example',
      PAYSTACK_SECRET_KEY: 'sk_live_headers_test',
      PAYSTACK_PUBLIC_KEY: 'pk_live_headers_test',
      TERMII_API_KEY: 'termii-headers-test',
    },
  });
});
afterAll(async () => {
  await app?.close();
  await production?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, where: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${where}: CSP`).toContain("default-src 'self'");
  expect(csp, `${where}: CSP frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${where}: CSP object-src`).toContain("object-src 'none'");
  expect(res.headers['x-frame-options'], `${where}: X-Frame-Options`).toBe('DENY');
  expect(res.headers['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${where}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
}

/** The short set of an answer that is not a document: nothing it names may run or be framed. */
function expectNonDocumentHeaders(res: LightMyRequestResponse, where: string) {
  expect(res.headers['content-security-policy'], `${where}: CSP`).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-frame-options'], `${where}: X-Frame-Options`).toBe('DENY');
  expect(res.headers['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy'], `${where}: CORP`).toBe('same-origin');
  // None of the page-only headers: they cost bytes on every answer and do nothing there.
  for (const name of [
    'referrer-policy',
    'cross-origin-opener-policy',
    'x-dns-prefetch-control',
    'origin-agent-cluster',
  ]) {
    expect(res.headers[name], `${where}: ${name}`).toBeUndefined();
  }
  expect(res.headers['x-powered-by'], `${where}: X-Powered-By`).toBeUndefined();
}

const pages = ['/', '/about', '/orders/some/deep/link', '/sw.js'];
const files = ['/assets/index-abc123.js', '/manifest.webmanifest', '/assets/missing-abc.js'];

describe('security headers', () => {
  it("admit the build's inline script by its hash alone, never any inline script", async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(INLINE_SCRIPT_HASH);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('refuse to start on a csp.json that lists anything but sha256 hashes', async () => {
    const dir = fakeBuild();
    try {
      writeFileSync(path.join(dir, 'csp.json'), JSON.stringify({ scriptHashes: ["'unsafe-inline'"] }));
      await expect(buildTestApp({ env: { STATIC_DIR: dir } })).rejects.toThrow(/sha256/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are on every page, the service worker and the SPA fallback, without HSTS outside production', async () => {
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
      expect(res.headers['strict-transport-security'], `${url}: no HSTS in development`).toBeUndefined();
    }
    // The API's own documentation is a page too.
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/api/docs/' }), '/api/docs/');
  });

  it("name Paystack's origins on the app's screens only: the public pages and their copies never pay", async () => {
    const cspOf = async (url: string) =>
      String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
    for (const url of ['/', '/about', '/about/', '/about/offline.html']) {
      const csp = await cspOf(url);
      expect(csp, url).not.toContain('paystack');
      expect(csp, url).toContain(INLINE_SCRIPT_HASH);
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
    for (const url of ['/wallet', '/orders/some/deep/link', '/sw.js']) {
      const csp = await cspOf(url);
      expect(csp, url).toContain('script-src');
      expect(csp, url).toContain('https://js.paystack.co');
      expect(csp, url).toContain('https://api.paystack.co');
    }
  });

  it('are the short set on static files, found or not', async () => {
    for (const url of files) expectNonDocumentHeaders(await app.inject({ method: 'GET', url }), url);
    const page = await app.inject({ method: 'GET', url: '/' });
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    const size = (res: LightMyRequestResponse) =>
      Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    // A script answers with a fraction of a page's header bytes.
    expect(size(script)).toBeLessThan(size(page) / 2);
  });

  it('are on every API answer, allowed or refused, as visitor and signed in', async () => {
    const client = await signInAs(app, '08030000021');
    const routes = listApiRoutes(app);
    expect(routes.length).toBeGreaterThan(0);
    let checked = 0;
    for (const route of routes) {
      for (const session of [null, client]) {
        const res = await callRoute(app, route, session, sampleInput(route));
        const where = `${route.key} → ${res.statusCode}`;
        if (route.key.includes('/api/docs')) expectSecurityHeaders(res, where);
        else expectNonDocumentHeaders(res, where);
        expect(res.headers['strict-transport-security']).toBeUndefined();
        checked++;
      }
    }
    for (const url of ['/api/does/not/exist', '/api/app/health']) {
      expectNonDocumentHeaders(await app.inject({ method: 'GET', url }), url);
    }
    expect(checked).toBe(routes.length * 2);
  });

  // The router answers an over-long path parameter and a broken percent-encoding through
  // `frameworkErrors`, before the onRequest hook of helmet: app.ts sets the headers there itself.
  it('are on the answers the router gives before any hook', async () => {
    for (const url of [`/api/product/${'x'.repeat(300)}`, '/api/product/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expectNonDocumentHeaders(res, url);
    }
  });

  it('add HSTS in production, on pages and the API', async () => {
    for (const url of ['/', '/about', '/api/app/data', '/api/does/not/exist', '/assets/index-abc123.js']) {
      const res = await production.inject({ method: 'GET', url });
      if (url.startsWith('/api/') || url.startsWith('/assets/')) expectNonDocumentHeaders(res, `production ${url}`);
      else expectSecurityHeaders(res, `production ${url}`);
      expect(String(res.headers['strict-transport-security']), url).toMatch(/max-age=\d{7,}/);
    }
  });
});
