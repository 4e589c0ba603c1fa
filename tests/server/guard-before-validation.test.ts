// Refuse before you explain: who may call a route is decided before what they sent is validated.
// A caller without the access gets 403 (a visitor 401) for an invalid request, never the
// field-level 400 that would tell them the route's rules; someone with the access still gets
// the 400, so the requests below are certainly invalid.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import { buildTestApp, injectAs, type Session } from '../../src/server/test-utils/test-app';
import { ANY_STAFF, authzExpectations } from './authz-expectations';
import { type ApiParameter, type ApiRoute, listApiRoutes } from './support/api-routes';
import { createPersonas, type PersonaName, type Personas } from './support/personas';
import { callRoute, isValidationFailure, sampleInput } from './support/route-request';

let app: FastifyInstance;
let routes: ApiRoute[];
let personas: Personas;

beforeAll(async () => {
  app = await buildTestApp();
  routes = listApiRoutes(app);
  personas = await createPersonas(app);
});
afterAll(async () => {
  await app?.close();
});

/** A refusal of who is asking that says nothing about what the route expects. */
function refusalProblem(res: LightMyRequestResponse, status: 401 | 403): string | null {
  if (res.statusCode !== status) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const body: unknown = res.json();
  if (!isErrorObject(body)) return `not an error object: ${res.body.slice(0, 200)}`;
  // Neither field errors nor the accesses the route wants: who is refused learns only that.
  if (body.type === 'InvalidInput' || /invalid|field|expected|Manager|CEO|Accountant/i.test(res.body)) {
    return `the refusal tells the route's rules: ${res.body.slice(0, 200)}`;
  }
  return null;
}

describe('admin routes asked by a sales associate with an invalid request', () => {
  const gasId = '00000000-0000-4000-8000-000000000001';
  const cases = [
    { method: 'PUT', url: `/api/quota/${gasId}`, payload: { stock: 'lots', dailyLimit: -5, supplierId: 'x' } },
    { method: 'PUT', url: '/api/quota/not-a-uuid', payload: {} },
    { method: 'POST', url: '/api/supplier/new', payload: { name: '', phoneNumber: 'call me' } },
    { method: 'POST', url: '/api/supplier/new', payload: [] },
    { method: 'POST', url: '/api/admin/start_shift/not-a-uuid', payload: { openingFloat: -1 } },
    { method: 'POST', url: `/api/admin/start_shift/${gasId}`, payload: '{"openingFloat":' },
  ] as const;

  const send = (session: Session | null, c: (typeof cases)[number]) =>
    injectAs(app, session, {
      method: c.method,
      url: c.url,
      headers: { 'content-type': 'application/json' },
      payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload),
    });

  it('refuses the associate with 403 and no field-level detail', async () => {
    for (const c of cases) {
      const res = await send(personas.staffOnShift, c);
      expect(refusalProblem(res, 403), `${c.method} ${c.url} as the sales associate`).toBeNull();
      expect(res.json()).toMatchObject({ type: 'Forbidden', status: 403 });
    }
  });

  it('refuses a visitor with 401 and no field-level detail', async () => {
    for (const c of cases) {
      const res = await send(null, c);
      expect(refusalProblem(res, 401), `${c.method} ${c.url} as a visitor`).toBeNull();
      expect(res.json()).toMatchObject({ type: 'UnAuthorized', status: 401 });
    }
  });

  it('still explains the invalidity to the CEO, who has the access', async () => {
    for (const c of cases) {
      const res = await send(personas.ceo, c);
      expect(res.statusCode, `${c.method} ${c.url} as the CEO: ${res.body.slice(0, 200)}`).toBe(400);
    }
  });
});

/** A wire value the parameter's schema certainly refuses (never so long that the router refuses it first), or null. */
function wrongWireValue(param: ApiParameter): string | null {
  const schema = param.schema ?? {};
  const type = [schema.type].flat().find((t) => t && t !== 'null');
  if (schema.enum?.length) return 'NotAValue';
  if (type === 'integer' || type === 'number') return 'abc';
  if (type === 'boolean') return 'maybe';
  if (schema.format === 'uuid') return 'not-a-uuid';
  if (schema.format === 'date' || schema.format === 'date-time') return '2026-13-45';
  if (schema.pattern) {
    const re = new RegExp(schema.pattern, 'u');
    return ['abc', '-1', '<script>', '!'].find((s) => !re.test(s)) ?? null;
  }
  return null;
}

/** The sampled request of a route made certainly invalid wherever it can be; `broken` says how. */
function invalidRequest(route: ApiRoute) {
  const input = sampleInput(route);
  const broken: string[] = [];
  for (const param of route.pathParams) {
    const wrong = wrongWireValue(param);
    if (wrong !== null) {
      input.params[param.name] = wrong;
      broken.push(`params.${param.name}`);
    }
  }
  for (const param of route.queryParams) {
    if (!param.required) continue;
    delete input.query[param.name];
    broken.push(`query.${param.name} missing`);
  }
  if (route.body && route.method !== 'GET' && route.bodyContentType === 'application/json') {
    input.body = ['not', 'an', 'object'];
    broken.push('body');
  }
  return { input, broken };
}

/**
 * Staff routes any staff member may call for themselves: whose record is asked for is only known
 * from a valid parameter, so there the handler refuses another's (the matrix covers that).
 */
const OPEN_TO_ANY_STAFF_FOR_THEMSELVES: Record<string, string> = {
  'GET /api/admin/sales/{staffId}': "one's own sales; another's need Admin or Accountant",
  'GET /api/sales/staff/{id}': "one's own sales; another's need Admin or Accountant",
  // Any current staff member's sale made offline syncs into the drawer of the shift it was made
  // in, even one ended since: the shift is asked of the sale's own time, once the body is read.
  'POST /api/client/new_order': "one's own sales made offline, into the shift they were made in",
};

const staffOnly = (route: ApiRoute) => {
  const allow = authzExpectations[route.key]?.allow ?? [];
  return allow.length > 0 && allow.every((p) => ANY_STAFF.includes(p));
};

describe('every guarded route of the OpenAPI document', () => {
  it('refuses an invalid request from a staff member without the access with 403, not 400', async () => {
    const problems: string[] = [];
    let checked = 0;
    let brokenChecked = 0;
    const associates: PersonaName[] = ['staffOnShift', 'staffNoShift', 'clientA'];
    for (const route of routes.filter(staffOnly)) {
      const allow = authzExpectations[route.key]?.allow ?? [];
      const { input, broken } = invalidRequest(route);
      const deniedToAll = (p: PersonaName) =>
        !allow.includes(p) && !(OPEN_TO_ANY_STAFF_FOR_THEMSELVES[route.key] && ANY_STAFF.includes(p));
      for (const who of associates.filter(deniedToAll)) {
        const res = await callRoute(app, route, personas[who], input);
        const problem = refusalProblem(res, 403);
        if (problem) problems.push(`${route.key} as ${who} (broken: ${broken.join(', ') || 'nothing'}): ${problem}`);
        checked++;
      }
      if (broken.length === 0) continue;
      // Someone with the access gets the 400: the request really is invalid.
      const permitted = allow.includes('ceo') ? 'ceo' : allow[0];
      const res = await callRoute(app, route, permitted ? personas[permitted] : null, input);
      if (!isValidationFailure(res)) {
        problems.push(
          `${route.key} as ${permitted}: the broken request was not refused as invalid (${res.statusCode})`,
        );
      }
      brokenChecked++;
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(20);
    expect(brokenChecked).toBeGreaterThan(10);
  });

  it('refuses an invalid request from a visitor with 401, not 400', async () => {
    const problems: string[] = [];
    let brokenChecked = 0;
    for (const route of routes) {
      const allow = authzExpectations[route.key]?.allow ?? [];
      if (allow.length === 0 || allow.includes('visitor')) continue;
      const { input, broken } = invalidRequest(route);
      const res = await callRoute(app, route, null, input);
      // cookie_auth answers its own 401 (CookiesAuthFailed) to a visitor, also before validation.
      const problem = refusalProblem(res, 401);
      if (problem) problems.push(`${route.key} (broken: ${broken.join(', ') || 'nothing'}): ${problem}`);
      if (broken.length > 0) brokenChecked++;
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(brokenChecked).toBeGreaterThan(20);
  });
});
