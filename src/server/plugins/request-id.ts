import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An id safe to put in a log line and a header as it came: a short token, no space or control character. */
const SANE_REQUEST_ID = /^[\w.:@+=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the `x-request-id` a proxy or client sent, when it is a sane token (so one
 * id follows a request through the load balancer's log and ours), else a fresh UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Every answer names its request id, so a user's report or a proxy's log line leads to our log lines. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
});
