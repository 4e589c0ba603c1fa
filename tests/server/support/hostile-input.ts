import fc from 'fast-check';
import { type ApiParameter, type ApiRoute, fillPath, type JsonSchema, toQueryString } from './api-routes';
import { sampleInput } from './route-request';
import { sampleFromSchema } from './sample-from-schema';

const HUGE = 'x'.repeat(100_000);

/** Strings that have broken servers before: injection, traversal, control and astral characters. */
export const hostileString = fc.oneof(
  fc.string({ minLength: 1, maxLength: 24 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }),
  fc.constantFrom(
    '-1',
    'NaN',
    'Infinity',
    '1e309',
    '0x10',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '"; drop table orders; --',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\u0000',
    '%00',
    '\ud800',
    'x\udfff',
    '\u202e\u0644\u0627',
    '👩🏽‍🍳'.repeat(40),
    '9'.repeat(400),
    HUGE,
  ),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, -0.0001, Number.MAX_SAFE_INTEGER * 1000, true, false, null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.constant({ $gt: '' }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

/** Own keys that pollute prototypes when a server merges input naively. */
export function pollutionFields(): Record<string, unknown> {
  return JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"isAdmin":true}');
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function acceptsNull(schema: JsonSchema): boolean {
  return (
    schema.nullable === true ||
    typesOf(schema).includes('null') ||
    (schema.anyOf ?? schema.oneOf ?? []).some((s) => typesOf(s).includes('null'))
  );
}

/** A JSON value that the schema certainly rejects, or null when no such value can be told. */
export function wrongJsonValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> | null {
  if (!schema) return null;
  const nullish = acceptsNull(schema) ? [] : [fc.constant(null)];
  if (schema.enum && schema.enum.length > 0) return fc.oneof(fc.constant('NotAValue⚠'), fc.constant(12345), ...nullish);
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.length !== 1) return null;
  switch (types[0]) {
    case 'string': {
      const options: fc.Arbitrary<unknown>[] = [
        fc.integer(),
        fc.boolean(),
        fc.constant({ $gt: '' }),
        fc.array(fc.string(), { minLength: 1, maxLength: 2 }),
        ...nullish,
      ];
      if (schema.format === 'uuid') options.push(fc.constantFrom('not-a-uuid', "1' OR '1'='1", HUGE));
      if (schema.maxLength !== undefined) options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number': {
      const options: fc.Arbitrary<unknown>[] = [
        fc.constantFrom('abc', 'NaN', HUGE, '1e309x'),
        fc.boolean(),
        fc.constant({}),
        fc.constant([1, 2]),
        ...nullish,
      ];
      if (typeof schema.minimum === 'number' && schema.minimum >= 0) options.push(fc.constantFrom(-1, -1e9, -0.5));
      if (types[0] === 'integer') options.push(fc.constantFrom(1.5, 0.0001));
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.oneof(fc.constantFrom('maybe', 2, HUGE), fc.constant({}), ...nullish);
    case 'array':
      return fc.oneof(fc.constantFrom('not-an-array', 42), fc.constant({ length: 1 }), ...nullish);
    case 'object':
      return fc.oneof(fc.constantFrom('not-an-object', 42, HUGE), fc.constant([]), ...nullish);
    default:
      return null;
  }
}

/** A string (all that a URL carries) that the parameter's schema certainly rejects, or null. */
export function wrongWireValue(param: ApiParameter): fc.Arbitrary<string> | null {
  const schema = param.schema;
  if (!schema) return null;
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom('NotAValue⚠', HUGE);
  const type = typesOf(schema).find((t) => t !== 'null');
  const options: string[] = [];
  if (type === 'integer' || type === 'number') {
    options.push('abc', 'NaN', '1e309x', HUGE);
    if (typeof schema.minimum === 'number' && schema.minimum >= 0) options.push('-1');
    if (type === 'integer') options.push('1.5');
  } else if (type === 'boolean') {
    options.push('maybe', '2');
  } else if (type === 'string') {
    if (schema.format === 'uuid') options.push('not-a-uuid', "1' OR '1'='1");
    if (schema.format === 'date' || schema.format === 'date-time') options.push('2026-13-45', 'yesterday');
    if (schema.maxLength !== undefined) options.push('y'.repeat(schema.maxLength + 1));
    if (schema.pattern) {
      const re = new RegExp(schema.pattern, 'u');
      options.push(...['abc', '-1', '<script>', HUGE].filter((s) => !re.test(s)));
    }
  }
  return options.length > 0 ? fc.constantFrom(...options) : null;
}

export type FuzzCase = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** undefined: no body; a string: sent raw (broken JSON). */
  body: unknown;
  rawBody?: string;
  /** What makes the request certainly invalid; empty when the route has nothing to break. */
  breakers: string[];
};

type Breaker = { label: string; apply: (c: FuzzCase) => fc.Arbitrary<FuzzCase> };

function objectProperties(schema: JsonSchema | null): { props: Record<string, JsonSchema>; required: string[] } | null {
  if (!schema) return null;
  if (schema.type !== 'object' && !schema.properties) return null;
  return { props: schema.properties ?? {}, required: schema.required ?? [] };
}

/** The ways a request to this route can be made certainly invalid. */
function breakersFor(route: ApiRoute): Breaker[] {
  const out: Breaker[] = [];
  for (const param of route.pathParams) {
    const wrong = wrongWireValue(param);
    if (wrong) {
      out.push({
        label: `params.${param.name} wrong`,
        apply: (c) => wrong.map((v) => ({ ...c, params: { ...c.params, [param.name]: v } })),
      });
    }
  }
  for (const param of route.queryParams) {
    if (param.required) {
      out.push({
        label: `query.${param.name} missing`,
        apply: (c) => {
          const { [param.name]: _dropped, ...rest } = c.query;
          return fc.constant({ ...c, query: rest });
        },
      });
    }
    const wrong = wrongWireValue(param);
    if (wrong) {
      out.push({
        label: `query.${param.name} wrong`,
        apply: (c) => wrong.map((v) => ({ ...c, query: { ...c.query, [param.name]: v } })),
      });
    }
  }
  if (route.body && route.method !== 'GET' && route.bodyContentType === 'application/json') {
    const shape = objectProperties(route.body);
    if (shape) {
      out.push({
        label: 'body not an object',
        apply: (c) => fc.constantFrom<unknown>('text', 42, [], [{}], true).map((b) => ({ ...c, body: b })),
      });
      out.push({
        label: 'body broken JSON',
        apply: (c) => fc.constantFrom('{"a":', '{,}', "{'a':1}", '\u0000').map((raw) => ({ ...c, rawBody: raw })),
      });
      for (const key of shape.required) {
        out.push({
          label: `body.${key} missing`,
          apply: (c) => {
            const { [key]: _dropped, ...rest } = (c.body ?? {}) as Record<string, unknown>;
            return fc.constant({ ...c, body: rest });
          },
        });
      }
      for (const [key, propSchema] of Object.entries(shape.props)) {
        const wrong = wrongJsonValue(propSchema);
        if (!wrong) continue;
        out.push({
          label: `body.${key} wrong type`,
          apply: (c) => wrong.map((v) => ({ ...c, body: { ...((c.body ?? {}) as object), [key]: v } })),
        });
      }
    }
  }
  return out;
}

/**
 * Malformed requests for a route: hostile path parameters and extra query/body fields (with
 * prototype-pollution keys), plus at least one certain invalidity (a wrong type, a missing required
 * field, a broken body) whenever the route has something to break. Returns null for a mutating
 * route with no input at all: any request to it is a valid one.
 */
export function fuzzCases(route: ApiRoute): fc.Arbitrary<FuzzCase> | null {
  const breakers = breakersFor(route);
  const mutating = route.method !== 'GET';
  if (breakers.length === 0 && mutating && route.pathParams.length === 0) return null;
  const sampledBody = route.body ? sampleFromSchema(route.body) : undefined;
  const params = fc.record(
    Object.fromEntries(route.pathParams.map((p) => [p.name, hostileString])) as Record<string, fc.Arbitrary<string>>,
  );
  const extraQuery = fc.option(
    fc.dictionary(fc.constantFrom('extra', 'page', 'limit', '__proto__', 'sort'), hostileString, { maxKeys: 3 }),
    {
      nil: {},
    },
  );
  const extraBody = fc.option(
    fc
      .tuple(fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), hostileValue, { maxKeys: 3 }), fc.boolean())
      .map(([extra, pollute]) => (pollute ? { ...extra, ...pollutionFields() } : extra)),
    { nil: {} },
  );
  const base = fc.tuple(params, extraQuery, extraBody).map(([p, q, extra]) => {
    const sampledQuery: Record<string, unknown> = {};
    for (const qp of route.queryParams) if (qp.required) sampledQuery[qp.name] = sampleFromSchema(qp.schema, qp.name);
    const body =
      sampledBody !== undefined &&
      typeof sampledBody === 'object' &&
      sampledBody !== null &&
      !Array.isArray(sampledBody)
        ? { ...(sampledBody as object), ...extra }
        : sampledBody;
    return { params: p, query: { ...q, ...sampledQuery }, body, breakers: [] } as FuzzCase;
  });
  if (breakers.length === 0) return base;
  return fc
    .tuple(base, fc.subarray(breakers, { minLength: 1, maxLength: Math.min(3, breakers.length) }))
    .chain(([start, chosen]) =>
      chosen.reduce<fc.Arbitrary<FuzzCase>>(
        (acc, breaker) =>
          acc.chain((c) => breaker.apply(c)).map((c) => ({ ...c, breakers: [...c.breakers, breaker.label] })),
        fc.constant(start),
      ),
    );
}

// ───────────── strings PostgreSQL refuses, in every string field, on every run ─────────────

/** JSON strings the database refuses (NUL) or cannot keep (a lone surrogate; JSON.parse makes one). */
export const UNSTORABLE_JSON_STRINGS = ['\u0000', 'sample\u0000text', '\ud800', 'sample\udfff'] as const;

/** Percent-encoded URL pieces that decode to a NUL, to no UTF-8 at all, or not at all. */
export const UNREADABLE_URL_PIECES = ['%00', 'sample%00', '%C3%28', '%FF', '%ED%A0%80', '%E0%A4%A'] as const;

/** One request of the sweep: a valid request but for one field. */
export type UnstorableCase = {
  /** Where the hostile string sits, e.g. `params.id`, `query.status`, `body.items.0.name`. */
  field: string;
  /** What was put there (a JSON string, or a raw piece of URL). */
  value: string;
  /** The whole URL, with the piece unencoded. */
  url: string;
  /** The JSON text of the body, when the route takes one. */
  payload?: string;
};

function isStringSchema(schema: JsonSchema): boolean {
  if (typesOf(schema).includes('string')) return true;
  if (schema.enum?.some((v) => typeof v === 'string')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(isStringSchema);
}

function objectSchemaOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.properties);
}

/** Every string field a JSON value of this schema may have (optional ones too), as key paths. */
export function stringFieldPaths(schema: JsonSchema | null | undefined, path: string[] = []): string[][] {
  if (!schema || path.length > 6) return [];
  const out: string[][] = [];
  if (isStringSchema(schema) && path.length > 0) out.push(path);
  const object = objectSchemaOf(schema);
  for (const [key, prop] of Object.entries(object?.properties ?? {}))
    out.push(...stringFieldPaths(prop, [...path, key]));
  const items = schema.items ?? (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.items)?.items;
  if (items) out.push(...stringFieldPaths(items, [...path, '0']));
  return out;
}

/** A copy of `value` with `value` at the key path, filling what is missing from the schema's sample. */
export function withValueAt(schema: JsonSchema, base: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (/^\d+$/.test(head)) {
    const items = schema.items ?? (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.items)?.items ?? {};
    const list = Array.isArray(base) && base.length > 0 ? [...base] : [sampleFromSchema(items)];
    list[0] = withValueAt(items, list[0], rest, value);
    return list;
  }
  const object = objectSchemaOf(schema) ?? {};
  const prop = object.properties?.[head] ?? {};
  const record = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  const current = head in record ? (record as Record<string, unknown>)[head] : sampleFromSchema(prop, head);
  (record as Record<string, unknown>)[head] = withValueAt(prop, current, rest, value);
  return record;
}

/**
 * Every way to put a string PostgreSQL refuses into one field of an otherwise valid request to the
 * route: each path parameter and each query parameter (declared or not) gets each unreadable URL
 * piece, each string field of the JSON body (nested and optional ones too) and one extra body key
 * get each unstorable string. Deterministic: the same cases on every run.
 */
export function unstorableStringCases(route: ApiRoute): UnstorableCase[] {
  const sample = sampleInput(route);
  const encodedParams = Object.fromEntries(Object.entries(sample.params).map(([k, v]) => [k, String(v)]));
  const jsonBody = route.body && route.method !== 'GET' && route.bodyContentType === 'application/json';
  const payload = jsonBody ? JSON.stringify(sample.body) : undefined;
  const cases: UnstorableCase[] = [];
  const rawPath = (name: string, piece: string) =>
    fillPath(route.path, { ...encodedParams, [name]: '\u0001' }).replace('%01', piece);
  const samplePath = fillPath(route.path, encodedParams);
  for (const param of route.pathParams) {
    for (const piece of UNREADABLE_URL_PIECES) {
      cases.push({ field: `params.${param.name}`, value: piece, url: rawPath(param.name, piece), payload });
    }
  }
  const queryNames = [...new Set([...route.queryParams.map((p) => p.name), 'extra'])];
  for (const name of queryNames) {
    const { [name]: _replaced, ...others } = sample.query;
    const rest = toQueryString(others);
    for (const piece of UNREADABLE_URL_PIECES) {
      const url = `${samplePath}${rest ? `${rest}&` : '?'}${encodeURIComponent(name)}=${piece}`;
      cases.push({ field: `query.${name}`, value: piece, url, payload });
    }
  }
  if (jsonBody && route.body) {
    const url = `${samplePath}${toQueryString(sample.query)}`;
    for (const path of stringFieldPaths(route.body)) {
      for (const text of UNSTORABLE_JSON_STRINGS) {
        const body = withValueAt(route.body, sample.body, path, text);
        cases.push({ field: `body.${path.join('.')}`, value: text, url, payload: JSON.stringify(body) });
      }
    }
    if (typeof sample.body === 'object' && sample.body !== null && !Array.isArray(sample.body)) {
      const body = { ...sample.body, 'extra\u0000': 'sample' };
      cases.push({ field: 'body.extra\\u0000', value: 'a key with a NUL', url, payload: JSON.stringify(body) });
    }
  }
  return cases;
}
