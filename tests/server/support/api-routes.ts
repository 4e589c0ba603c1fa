import type { FastifyInstance } from 'fastify';

/** A JSON Schema as @fastify/swagger emits it from the routes' zod schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  nullable?: boolean;
};

export type ApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};

/** One operation of the OpenAPI document, keyed like the expectations table: 'METHOD /path'. */
export type ApiRoute = {
  key: string;
  method: string;
  /** OpenAPI form, e.g. /api/order/{orderNumber}. */
  path: string;
  pathParams: ApiParameter[];
  queryParams: ApiParameter[];
  body: JsonSchema | null;
  bodyContentType: string | null;
};

type OpenApiOperation = {
  parameters?: ApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every API operation of the running app, read from the OpenAPI document generated from the same
 * zod schemas that validate requests (so a new route shows up here without any edit).
 */
export function listApiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as OpenApiDocument;
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    // The docs UI itself is not part of the API under test.
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const [bodyContentType, media] = Object.entries(content)[0] ?? [null, undefined];
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: media?.schema ?? null,
        bodyContentType,
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent the way a hostile
 * client would: the three bytes of its would-be UTF-8 form (%ED%A0%80 for U+D800).
 */
export function encodeWire(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** Fills an OpenAPI path template with values (URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeWire(String(params[name] ?? '')));
}

/** Builds a query string from a flat record; arrays repeat the key. */
export function toQueryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: string) => pairs.push(`${encodeWire(key)}=${encodeWire(value)}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) add(key, String(v));
    else add(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
