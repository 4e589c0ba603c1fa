import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorObject, ErrorType } from '../../domain/errors';
import { isDatabaseUnreachable } from '../db/sql-state';

function fieldName(instancePath: string, missing?: unknown): string {
  const fromPath = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof missing === 'string') return fromPath ? `${fromPath}.${missing}` : missing;
  return fromPath;
}

/** Turns every failure into the error object ({message, status, additionalInfo?, type}); internals of a 5xx stay in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ErrorObject;
    // A database restarting or out of reach (also under an area's own 5xx that wraps it): nothing
    // was written, and the same request may well succeed in a few seconds, which a 503 with
    // Retry-After tells clients and proxies alike.
    const expected = error instanceof AppError && error.toJSON().status < 500;
    if (!expected && isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database could not be reached');
      reply.header('retry-after', '5');
      body = {
        type: ErrorType.Unknown,
        status: 503,
        message: 'The service is briefly unavailable. Please try again in a moment.',
      };
    } else if (error instanceof AppError) {
      body = error.toJSON();
      if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const field = fieldName(first?.instancePath ?? '', first?.params?.missingProperty);
      body = {
        type: ErrorType.InvalidInput,
        status: 400,
        message: `Invalid ${where}${field ? ` field '${field}'` : ''}: ${first?.message ?? 'invalid value'}`,
        additionalInfo: error.validation.map((v) => ({ field: fieldName(v.instancePath), message: v.message })),
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      body = { type: ErrorType.Unknown, status: 500, message: 'Something went wrong' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        type: error.statusCode === 429 ? ErrorType.RateLimited : ErrorType.InvalidInput,
        status: error.statusCode,
        message: error.message,
      };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = { type: ErrorType.Unknown, status: 500, message: 'Something went wrong' };
    }
    return reply.status(body.status).type('application/json').send(body);
  });
});

export function notFoundError(message = 'Not found'): AppError {
  return new AppError(message, { status: 404, type: ErrorType.NotFound });
}
