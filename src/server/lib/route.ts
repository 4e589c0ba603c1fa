// A routes file's plugin, and each of its routes' options stated in a line: who may call the
// route, whether a replay is answered from the idempotency store, and its OpenAPI entry (the
// file's tags, a summary, the schemas). The options built are exactly what a route would spell
// out by hand, so nothing that reads them changes: the session plugin's onRoute hook still finds
// the guards in `preHandler` (and holds a staff guard to the scopes table), the idempotency plugin
// still reads `config.idempotent`, and the zod type provider still types request.body, .params
// and .query, and the answer, from the schemas.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What a route says about itself; every key but the summary is optional. */
export type RouteSpec = {
  /** The route's guards (app.requireClient, app.requireStaff(), …): its preHandler. */
  who?: unknown;
  /** Hooks that must run before any guard a preHandler would hold (a role check after the staff guard). */
  onRequest?: unknown;
  /** A replay with the same Idempotency-Key gets the first answer (plugins/idempotency.ts). */
  idempotent?: true;
  /** More route config (a rate limit), next to `idempotent`. */
  config?: object;
  /** The body's media types when not JSON (a multipart upload). */
  consumes?: readonly string[];
  params?: unknown;
  query?: unknown;
  body?: unknown;
  /** The answer's schema with 200… */
  ok?: unknown;
  /** …or with 201… */
  created?: unknown;
  /** …or every status's, as a map. */
  response?: object;
};

type Has<S, K extends string, As extends string = K> = S extends { [P in K]: infer V } ? { [P in As]: V } : unknown;

type ConfigOf<S> = S extends { idempotent: true }
  ? { config: { idempotent: true } & (S extends { config: infer C } ? C : unknown) }
  : Has<S, 'config'>;

type ResponseOf<S> = S extends { ok: infer R }
  ? { response: { 200: R } }
  : S extends { created: infer R }
    ? { response: { 201: R } }
    : Has<S, 'response'>;

/** The route options `route(summary, spec)` builds, typed so the type provider sees each schema. */
export type RouteOptionsOf<S> = Has<S, 'who', 'preHandler'> &
  Has<S, 'onRequest'> &
  ConfigOf<S> & {
    schema: { tags: string[]; summary: string } & Has<S, 'consumes'> &
      Has<S, 'params'> &
      Has<S, 'query', 'querystring'> &
      Has<S, 'body'> &
      ResponseOf<S>;
  };

/** The spec's keys that go into the schema as they are, in the order a route spells them; `query` is `querystring`. */
const SCHEMA_KEYS = [
  ['consumes', 'consumes'],
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/** Declares one route: `route(summary, spec)` is the options object of `app.get(path, options, handler)`. */
export type RouteDeclarer = <S extends RouteSpec = Record<never, never>>(
  summary: string,
  spec?: S,
) => RouteOptionsOf<S>;

/** The route declarer of routes tagged `tags` in the OpenAPI document. */
export function routeDeclarer(tags: string[]): RouteDeclarer {
  return (summary, spec = {} as never) => {
    const given: RouteSpec = spec;
    const { who, onRequest, idempotent, config, ok, created, response } = given;
    const answers = ok !== undefined ? { 200: ok } : created !== undefined ? { 201: created } : response;
    const schemas: Record<string, unknown> = {};
    for (const [key, as] of SCHEMA_KEYS) if (given[key] !== undefined) schemas[as] = given[key];
    return {
      ...(who !== undefined && { preHandler: who }),
      ...(onRequest !== undefined && { onRequest }),
      ...((idempotent || config) && { config: { ...(idempotent && { idempotent }), ...config } }),
      schema: {
        tags,
        summary,
        ...schemas,
        ...(answers !== undefined && { response: answers }),
      },
    } as never;
  };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A routes file's plugin, whose routes all carry the OpenAPI tag(s) `tags`, each declared with
 * the `route` it is handed:
 *
 *   const paymentRoutes = routesOf('payment', async (app, route) => {
 *     app.post('/x', route('Summary', { who: app.requireClient, idempotent: true, body: X, ok: Y }), handler);
 *   });
 */
export function routesOf(
  tags: string | string[],
  register: (app: ZodApp, route: RouteDeclarer) => Promise<void>,
): FastifyPluginAsyncZod {
  const route = routeDeclarer(typeof tags === 'string' ? [tags] : tags);
  return async (app) => register(app, route);
}
