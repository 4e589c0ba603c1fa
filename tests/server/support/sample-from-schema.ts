import { randomUUID } from 'node:crypto';
import type { JsonSchema } from './api-routes';

/** Candidate strings tried, in order, against a `pattern` the sampler cannot invert. */
const PATTERN_CANDIDATES = [
  '08010000002',
  '2348010000002',
  '123456',
  'ABC123',
  'abc',
  'a',
  '0',
  '1',
  '2026-11-22',
  'AR-000001',
  '0123456789',
  'abcdefghij.klmnopqrst',
  '00000000-0000-4000-8000-000000000000.png',
];

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? schema.type[0];
  return schema.type;
}

function sampleString(schema: JsonSchema, name: string): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return 'bench.client@example.com';
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.com/';
    default:
      break;
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) {
    const re = new RegExp(schema.pattern, 'u');
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && fits(c));
    if (hit) return hit;
  }
  if (/phone|mobile/i.test(name)) return '08010000002';
  if (/code/i.test(name) && min <= 6 && max >= 6) return '123456';
  const base = 'sample';
  const text = base.length >= min ? base : base.padEnd(min, 'x');
  return text.slice(0, Number.isFinite(max) ? max : text.length);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  let low = typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (typeof schema.exclusiveMinimum === 'number') low = Math.max(low, schema.exclusiveMinimum + 1);
  let value = Math.max(low, 1);
  if (typeof schema.maximum === 'number') value = Math.min(value, schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number') value = Math.min(value, schema.exclusiveMaximum - 1);
  return integer ? Math.ceil(value) : value;
}

/**
 * A value that satisfies the JSON Schema as far as a small sampler can: required properties
 * only, the first enum value or union member, formats and common patterns. Used to get past
 * request validation so the route's guard decides.
 */
export function sampleFromSchema(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) {
    const nonNull = union.find((s) => firstType(s) !== 'null') ?? union[0];
    return sampleFromSchema(nonNull, name);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleFromSchema(s, name) ?? {}));
  }
  switch (firstType(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleFromSchema(schema.properties?.[key], key);
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: count }, () => sampleFromSchema(schema.items, name));
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}
