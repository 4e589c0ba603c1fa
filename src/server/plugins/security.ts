import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorType } from '../../domain/errors';

const PAYSTACK_ORIGINS = ['https://js.paystack.co', 'https://checkout.paystack.com', 'https://standard.paystack.co'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paystack's webhook cannot send x-platform; it is trusted by its signature alone. */
const PLATFORM_EXEMPT = new Set(['/api/payment/webhook']);

/** Security headers, and the x-platform header that a cross-site form cannot send. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const production = app.config.production;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...PAYSTACK_ORIGINS],
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
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0] ?? '';
    if (PLATFORM_EXEMPT.has(path)) return;
    if (!request.headers['x-platform']) {
      throw new AppError('The x-platform header is required', { status: 403, type: ErrorType.Forbidden });
    }
  });
});
