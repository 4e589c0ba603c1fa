import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Where an action came from: the browser's user agent, the client's address, the web's device id. */
export type AuditDevice = { userAgent: string | null; ip: string | null; deviceId: string | null };

/** The header the web sends with a stable id of the browser (src/web/lib/api-client.ts). */
export const DEVICE_ID_HEADER = 'x-device-id';

const served = new AsyncLocalStorage<FastifyRequest>();

/** Header values are the caller's: kept short and printable, never trusted beyond a record. */
const clip = (value: string | string[] | undefined, max: number): string | null => {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);
  return clean || null;
};

export function deviceOf(request: FastifyRequest): AuditDevice {
  return {
    userAgent: clip(request.headers['user-agent'], 400),
    ip: request.ip ?? null,
    deviceId: clip(request.headers[DEVICE_ID_HEADER], 100),
  };
}

/** The device of the request being served, or null outside one (a CLI, a background job). */
export function currentDevice(): AuditDevice | null {
  const request = served.getStore();
  return request ? deviceOf(request) : null;
}

/** The staff member requireStaff found for the request being served, or null. */
export const currentStaffId = (): string | null => served.getStore()?.staff?.id ?? null;

/**
 * Makes the request being served known to `recordAudit` without threading it through every
 * service: the handler runs from this hook's callback, so it and every step it awaits see it.
 * The last hook before the handler: the body has been read by then (a stream's events run in the
 * socket's context, which would lose it).
 */
export const auditContextPlugin: FastifyPluginAsync = fp(async (app) => {
  app.addHook('preHandler', (request, _reply, done) => {
    served.run(request, done);
  });
});
