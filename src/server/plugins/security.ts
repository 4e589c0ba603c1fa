import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmetMiddleware from 'helmet';
import { AppError, ErrorType } from '../../domain/errors';
import { findPrerendered, isStaticFilePath } from '../lib/static-files';

const PAYSTACK_ORIGINS = ['https://js.paystack.co', 'https://checkout.paystack.com', 'https://standard.paystack.co'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paystack's webhook cannot send x-platform; it is trusted by its signature alone. */
const PLATFORM_EXEMPT = new Set(['/api/payment/webhook']);

/**
 * The hashes of the build's inline scripts ('sha256-…'): scripts/prerender.mjs writes csp.json
 * beside the prerendered pages, whose few-hundred-byte start-up script is inline so that nothing
 * but the HTML is fetched before the first paint.
 */
export function builtScriptHashes(staticDir: string): string[] {
  const file = path.resolve(staticDir, 'csp.json');
  if (!existsSync(file)) return [];
  const { scriptHashes } = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown };
  if (
    !Array.isArray(scriptHashes) ||
    !scriptHashes.every((h) => typeof h === 'string' && /^'sha256-[\w+/=]+'$/.test(h))
  ) {
    throw new Error(`${file} does not list script hashes as 'sha256-…'`);
  }
  return scriptHashes;
}

/** The prerendered public pages of a build, by route ('/', '/about', '/login'…). */
export function builtPublicPages(staticDir: string): Set<string> {
  const root = path.resolve(staticDir);
  if (!existsSync(path.join(root, 'index.html'))) return new Set();
  return new Set(['/', ...findPrerendered(root).keys()]);
}

/** The route a request for a public page or its precached copy (<route>/offline.html) names. */
export function publicPageRoute(url: string): string {
  const pathname = (url.split('?')[0] ?? '/').replace(/\/offline\.html$/, '').replace(/\/+$/, '');
  return pathname === '' ? '/' : pathname;
}

/**
 * The security headers (a CSP that admits Paystack's origins, no framing, HSTS in production).
 * `paystack: false` for the public pages, which never pay: their CSP names no Paystack origin.
 */
export function securityHeaderOptions(production: boolean, scriptHashes: string[] = [], paystack = true) {
  const paying = paystack ? PAYSTACK_ORIGINS : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...paying],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(paystack ? ['https://api.paystack.co', ...paying] : []), 'ws:', 'wss:'],
        frameSrc: ["'self'", ...paying],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' as const },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/**
 * The security headers as name/value pairs, computed once: helmet is run a single time against a
 * recording response. (@fastify/helmet called helmet — parsing the CSP directives and building
 * the header text — on every request; about a sixth of the catalogue's CPU.)
 */
export function computeSecurityHeaders(
  production: boolean,
  scriptHashes: string[] = [],
  paystack = true,
): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  helmetMiddleware(securityHeaderOptions(production, scriptHashes, paystack))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * The headers of an answer that is not a document: an API answer, a script, a stylesheet, an
 * image. A browser applies a page's CSP, framing and referrer rules only to documents and workers,
 * so these answers carry the few headers that mean something for them (no sniffing, not for other
 * sites, never framed, nothing allowed should one be opened on its own) instead of the page's
 * whole set: a small part of its bytes on every answer, which a phone on a data plan pays for
 * dozens of times per screen over HTTP/1.1.
 */
export function computeNonDocumentHeaders(production: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
  if (production) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * Documents (pages, the API docs, the sandbox checkout page) and the service worker (a worker's
 * CSP comes with its script) get the whole set; API answers and static files the short one.
 */
export function isDocumentPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/sw.js' || pathname.startsWith('/api/docs')) return true;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !isStaticFilePath(pathname);
}

/** Sets precomputed security headers on a raw response (and drops X-Powered-By, as helmet does). */
function applyHeaders(response: ServerResponse, headers: [string, string][]) {
  for (const [name, value] of headers) response.setHeader(name, value);
  response.removeHeader('X-Powered-By');
}

/**
 * Sets each answer's security headers, by what the request asks for, computed once. The public
 * pages (`publicPages`, routes) and their precached copies get the page's set without Paystack's
 * origins: they never pay, and each of a visitor's first visit's copies is lighter.
 */
export function securityHeadersMiddleware(
  production: boolean,
  scriptHashes: string[] = [],
  publicPages: ReadonlySet<string> = new Set(),
) {
  const document = computeSecurityHeaders(production, scriptHashes);
  const publicPage = computeSecurityHeaders(production, scriptHashes, false);
  const other = computeNonDocumentHeaders(production);
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    if (!isDocumentPath(url)) applyHeaders(response, other);
    else applyHeaders(response, publicPages.has(publicPageRoute(url)) ? publicPage : document);
  };
}

/** Security headers, and the x-platform header that a cross-site form cannot send. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const production = app.config.production;
  const setHeaders = securityHeadersMiddleware(
    production,
    builtScriptHashes(app.config.STATIC_DIR),
    builtPublicPages(app.config.STATIC_DIR),
  );
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw);
    done();
  });

  app.addHook('onRequest', async (request) => {
    // The route the router matched, not the address as sent: `/%61pi/…` reaches `/api/…` too.
    const route = request.routeOptions.url ?? '';
    if (SAFE_METHODS.has(request.method) || !route.startsWith('/api/')) return;
    if (PLATFORM_EXEMPT.has(route)) return;
    if (!request.headers['x-platform']) {
      throw new AppError('The x-platform header is required', { status: 403, type: ErrorType.Forbidden });
    }
  });
});
