import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorObject, ErrorType } from '../../domain/errors';
import { findUnstorableText, printableText, type UnstorableText } from '../../domain/storable-text';

const NOT_UTF8 = 'is not valid UTF-8 percent-encoding';
const BODY_NOT_UTF8 = 'is not valid UTF-8';
/** Bodies the parsers turn into text; a file upload is bytes and is left alone. */
const TEXT_BODY = /^\s*(application\/([\w.+-]+\+)?json|text\/)/i;
/** Stands in for an unreadable path segment while the router tells which parameter it is. */
const MARK = 'unreadable-segment-';

/** The refusal: 400 with the error object naming the field. */
export function unstorableInputError({ field, reason }: UnstorableText): AppError {
  return new AppError(`Invalid input at ${field}: it ${reason}`, {
    status: 400,
    type: ErrorType.InvalidInput,
    additionalInfo: [{ field, message: reason }],
  });
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The first query pair whose %-encoding is not UTF-8 (`%FF`, `%C3%28`, an encoded surrogate) or
 * is broken (`%E0%A4%A`). Fastify's parser keeps such a value as its raw text, which would then
 * be taken for what the caller meant; the router already refuses the same in the path.
 */
function unreadableQuery(url: string): UnstorableText | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const eq = pair.indexOf('=');
    const rawKey = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const key = decoded(rawKey);
    if (key === null) return { field: `query.${printableText(rawKey)}`, reason: NOT_UTF8 };
    if (eq >= 0 && decoded(pair.slice(eq + 1).replace(/\+/g, ' ')) === null) {
      return { field: `query.${printableText(key)}`, reason: NOT_UTF8 };
    }
  }
  return null;
}

/** Passes a text body through unchanged, failing at the first byte sequence that is not UTF-8. */
function utf8Checked(payload: Readable): Readable {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const refuse = () => unstorableInputError({ field: 'body', reason: BODY_NOT_UTF8 });
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        done(refuse());
        return;
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
      } catch {
        done(refuse());
        return;
      }
      done();
    },
  });
  // Not stream.pipeline: on a refusal it would destroy the request, and with it the socket the
  // 400 is to be written on.
  payload.on('error', (err) => check.destroy(err));
  return payload.pipe(check);
}

/**
 * For the router's own refusal of a path it cannot decode (before any hook): the error object,
 * naming the path parameter when the router can tell which one it is.
 */
export function unreadablePathError(request: FastifyRequest): ErrorObject {
  const url = request.raw.url ?? '/';
  const end = url.indexOf('?');
  const path = end < 0 ? url : url.slice(0, end);
  let field = 'path';
  const segments = path.split('/');
  const broken = segments.map((segment) => decoded(segment) === null);
  if (broken.includes(true)) {
    const probe = segments.map((segment, i) => (broken[i] ? `${MARK}${i}` : segment)).join('/');
    const route = request.server.findRoute({ method: request.method as HTTPMethods, url: probe });
    const param = route && Object.entries(route.params).find(([, value]) => String(value).includes(MARK));
    if (param) field = `params.${param[0]}`;
  }
  return unstorableInputError({ field, reason: NOT_UTF8 }).toJSON();
}

/**
 * Every string of every request reaches the handlers as text PostgreSQL stores as it is:
 * no NUL, no lone surrogate, nothing that is not UTF-8 — in the path, the query, the
 * headers and the body. Refused once, here, for every route, just before validation: after the
 * access guards that run on the request (who may not call a route learns nothing of its fields),
 * before the schemas, the handlers and anything that stores a header.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preParsing', async (request, _reply, payload) => {
      const type = request.headers['content-type'];
      return type && TEXT_BODY.test(type) ? utf8Checked(payload) : payload;
    });

    app.addHook('preValidation', async (request) => {
      const problem =
        findUnstorableText(request.params, 'params') ??
        unreadableQuery(request.url) ??
        findUnstorableText(request.query, 'query') ??
        findUnstorableText(request.headers, 'headers') ??
        findUnstorableText(request.body, 'body');
      if (problem) throw unstorableInputError(problem);
    });
  },
  { name: 'input-guard' },
);
