import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmetMiddleware from 'helmet';
import { AppError, ErrorType } from '../../domain/errors';

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

/** The security headers (a CSP that admits Paystack's origins, no framing, HSTS in production). */
export function securityHeaderOptions(production: boolean, scriptHashes: string[] = []) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...PAYSTACK_ORIGINS],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
        connectSrc: ["'self'", 'https://api.paystack.co', ...PAYSTACK_ORIGINS, 'ws:', 'wss:'],
        frameSrc: ["'self'", ...PAYSTACK_ORIGINS],
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

/** Sets the security headers on a raw response, for answers given before any hook runs. */
export function securityHeadersMiddleware(production: boolean) {
  const middleware = helmetMiddleware(securityHeaderOptions(production));
  return (request: IncomingMessage, response: ServerResponse) => middleware(request, response, () => {});
}

/** Security headers, and the x-platform header that a cross-site form cannot send. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const production = app.config.production;
  await app.register(helmet, securityHeaderOptions(production, builtScriptHashes(app.config.STATIC_DIR)));

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0] ?? '';
    if (PLATFORM_EXEMPT.has(path)) return;
    if (!request.headers['x-platform']) {
      throw new AppError('The x-platform header is required', { status: 403, type: ErrorType.Forbidden });
    }
  });
});
