import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { isErrorObject } from '../../domain/errors';
import { injectAs, type Session } from './test-app';

export type OwnerOnlyCase = {
  /** The client who owns the record: must get a 2xx. */
  owner: Session;
  /** Another signed-in client: must get 403 or 404 and learn nothing of the record. */
  other: Session;
  /** The call under test (method, url, payload…); headers are added per caller. */
  request: InjectOptions;
  /** Strings that must never reach the other client (e.g. the owner's phone or a reference). */
  secrets?: string[];
  /** Skip the visitor check for routes that are public by design. */
  skipVisitor?: boolean;
};

export type OwnerOnlyResult = {
  owner: LightMyRequestResponse;
  other: LightMyRequestResponse;
  visitor: LightMyRequestResponse | null;
};

/** String leaves of a JSON value that identify a record: ids, numbers, references, emails, names. */
function identifyingStrings(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (value.length >= 6 && (/\d/.test(value) || value.includes('@'))) out.add(value);
  } else if (typeof value === 'number') {
    if (Math.abs(value) >= 1000) out.add(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) identifyingStrings(item, out);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) identifyingStrings(item, out);
  }
  return out;
}

function jsonOf(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return res.body;
  }
}

/**
 * Proves a client-owned call answers its owner only. The other client and a visitor go first,
 * so a mutating call shows both that they were refused and that the refusal changed nothing
 * (the owner's call still succeeds afterwards):
 * - the visitor (no session) gets 401 with an error object;
 * - the other client gets 403 or 404 with an error object holding nothing that identifies the
 *   record (no id, number, reference, phone or email of the owner's answer beyond what the
 *   request itself named, and none of `secrets`);
 * - the owner gets a 2xx.
 */
export async function expectOwnerOnly(app: FastifyInstance, c: OwnerOnlyCase): Promise<OwnerOnlyResult> {
  const other = await injectAs(app, c.other, c.request);
  expect([403, 404], `another client got ${other.statusCode}: ${other.body}`).toContain(other.statusCode);
  const otherBody = jsonOf(other);
  expect(isErrorObject(otherBody), `another client's answer is not an error object: ${other.body}`).toBe(true);

  let visitor: LightMyRequestResponse | null = null;
  if (!c.skipVisitor) {
    visitor = await injectAs(app, null, c.request);
    expect(visitor.statusCode, `a visitor got ${visitor.statusCode}: ${visitor.body}`).toBe(401);
    expect(isErrorObject(jsonOf(visitor))).toBe(true);
  }

  const owner = await injectAs(app, c.owner, c.request);
  expect(owner.statusCode >= 200 && owner.statusCode < 300, `the owner got ${owner.statusCode}: ${owner.body}`).toBe(
    true,
  );

  const named = `${c.request.url ?? ''} ${JSON.stringify(c.request.payload ?? '')} ${JSON.stringify(c.request.query ?? '')}`;
  const leaks = [...identifyingStrings(jsonOf(owner)), ...(c.secrets ?? [])].filter(
    (s) => !named.includes(s) && other.body.includes(s),
  );
  expect(leaks, `another client's answer leaks ${leaks.join(', ')}`).toEqual([]);
  return { owner, other, visitor };
}
