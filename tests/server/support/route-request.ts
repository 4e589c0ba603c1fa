import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Session, webHeaders } from '../../../src/server/test-utils/test-app';
import { type ApiRoute, fillPath, toQueryString } from './api-routes';
import { sampleFromSchema } from './sample-from-schema';

export type RouteInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
};

/** A request input that passes the route's schemas as far as the sampler can tell. */
export function sampleInput(route: ApiRoute): Required<RouteInput> {
  const params: Record<string, unknown> = {};
  for (const p of route.pathParams) params[p.name] = sampleFromSchema(p.schema, p.name);
  const query: Record<string, unknown> = {};
  for (const p of route.queryParams) if (p.required) query[p.name] = sampleFromSchema(p.schema, p.name);
  return { params, query, body: route.body ? sampleFromSchema(route.body) : undefined };
}

/** Sends one request to a route as a persona (null = visitor), with x-platform like the web. */
export function callRoute(
  app: FastifyInstance,
  route: ApiRoute,
  session: Session | null,
  input: RouteInput,
  extraHeaders: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const url = `${fillPath(route.path, input.params ?? {})}${toQueryString(input.query ?? {})}`;
  const hasBody = input.body !== undefined && route.method !== 'GET';
  return app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...webHeaders,
      ...(session ? { cookie: session.cookie } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...extraHeaders,
    },
    ...(hasBody ? { payload: JSON.stringify(input.body) } : {}),
  });
}

/** True when the answer is a refusal of who is asking rather than of what was asked. */
export function isDenied(res: LightMyRequestResponse): boolean {
  return res.statusCode === 401 || res.statusCode === 403;
}

/** A 400 produced by request validation: the guard, which runs after it, has not decided. */
export function isValidationFailure(res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 400) return false;
  try {
    const body = res.json() as { message?: unknown };
    return typeof body.message === 'string' && /^Invalid (body|querystring|params|headers)\b/.test(body.message);
  } catch {
    return false;
  }
}
