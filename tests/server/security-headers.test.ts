// Security headers on every page and every API answer (success and error alike), and HSTS only
// in production. Pages come from a small stand-in build, since the real build runs after vitest.
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
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Arrive"}');
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

const pages = ['/', '/about', '/orders/some/deep/link', '/assets/index-abc123.js', '/manifest.webmanifest'];

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

  it('are on every page, asset and the SPA fallback, without HSTS outside production', async () => {
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
      expect(res.headers['strict-transport-security'], `${url}: no HSTS in development`).toBeUndefined();
    }
  });

  it('are on every API answer, allowed or refused, as visitor and signed in', async () => {
    const client = await signInAs(app, '08030000021');
    const routes = listApiRoutes(app);
    expect(routes.length).toBeGreaterThan(0);
    let checked = 0;
    for (const route of routes) {
      for (const session of [null, client]) {
        const res = await callRoute(app, route, session, sampleInput(route));
        expectSecurityHeaders(res, `${route.key} → ${res.statusCode}`);
        expect(res.headers['strict-transport-security']).toBeUndefined();
        checked++;
      }
    }
    for (const url of ['/api/does/not/exist', '/api/app/health']) {
      expectSecurityHeaders(await app.inject({ method: 'GET', url }), url);
    }
    expect(checked).toBe(routes.length * 2);
  });

  // The router answers an over-long path parameter and a broken percent-encoding through
  // `frameworkErrors`, before the onRequest hook of helmet: app.ts sets the headers there itself.
  it('are on the answers the router gives before any hook', async () => {
    for (const url of [`/api/product/${'x'.repeat(300)}`, '/api/product/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res, url);
    }
  });

  it('add HSTS in production, on pages and the API', async () => {
    for (const url of ['/', '/about', '/api/app/data', '/api/does/not/exist']) {
      const res = await production.inject({ method: 'GET', url });
      expectSecurityHeaders(res, `production ${url}`);
      expect(String(res.headers['strict-transport-security']), url).toMatch(/max-age=\d{7,}/);
    }
  });
});
