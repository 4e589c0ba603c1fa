import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffAccess, StaffRole } from '../../domain/enums';
import { AppError, ErrorType } from '../../domain/errors';
import { type StaffRouteRule, type StaffScope, scopeOf, staffRouteRule } from '../../domain/staff-scopes';
import { batcher } from '../db/batcher';
import { verifyToken } from '../lib/tokens';

/** The cookie that carries the access token (the auth module sets it; this plugin reads it). */
export const ACCESS_COOKIE = 'arrive_at';
export type AccessTokenPayload = { sub: string; sid: string; exp: number };

export type AuthContext = { clientId: string; sessionId: string };
export type StaffContext = {
  id: string;
  role: StaffRole;
  access: StaffAccess[];
  isCurrentStaff: boolean;
  /** The shift the staff member is working now, if any. */
  shiftId: string | null;
  /** The gas center of that shift (null without one): the counter they stand at. */
  shiftCenterId: string | null;
};

export type SessionRevocation = {
  /** Whether the session an access token names was revoked (logout, every device, refresh-token reuse). */
  isRevoked: (sessionId: string) => Promise<boolean>;
  /**
   * Announces sessions just revoked in the database: refused at once on this instance and, with
   * Redis, on every other one. Never throws: the database stays the truth if Redis is away.
   */
  revoked: (sessionIds: readonly string[]) => Promise<void>;
};

/** What the plugin needs to know of staff: the staff record and working shift of a client, or null. */
export type StaffLookup = {
  loadStaff: (clientId: string) => Promise<StaffContext | null>;
  /**
   * The same for several clients in one statement, each answered in its place. Given, the
   * lookups of requests that arrive together share one statement (db/batcher.ts).
   */
  loadStaffMany?: (clientIds: readonly string[]) => Promise<(StaffContext | null)[]>;
};

/** The most clients one staff statement looks up. */
const STAFF_BATCH_MAX = 500;

/** Given by app.ts from the auth and staff modules: the plugin imports no module. */
export type SessionPluginOptions = { revocation: SessionRevocation; staff: StaffLookup };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in client, from the access cookie or a bearer token; null for visitors. */
    auth: AuthContext | null;
    /** Why a presented token was refused, for a precise 401. */
    authProblem: 'TokenExpired' | 'TokenVerificationError' | null;
    /** Filled by requireStaff, and by requireClientOrStaff for staff the route's scope reaches. */
    staff: StaffContext | null;
    /**
     * What the caller may see on this route as staff (src/domain/staff-scopes.ts); null for a
     * client, who sees their own records only.
     */
    staffScope: StaffScope | null;
  }
  interface FastifyInstance {
    /**
     * Guard: a signed-in client whose session is not revoked. Attached as a route's preHandler,
     * it runs in onRequest (see sessionPlugin), before the request is parsed or validated.
     */
    requireClient: Guard;
    /**
     * Guard factory: a current staff member whom the route's entry in the scopes table
     * (src/domain/staff-scopes.ts) reaches, on a shift when the entry asks for one. A route
     * guarded by it without an entry stops the server at startup. `loadStaff`: the route's own
     * lookup of the same record (one that reads more beside it in the same statement), read
     * as freshly as app.loadStaff.
     */
    requireStaff: (options?: { loadStaff?: (clientId: string) => Promise<StaffContext | null> }) => Guard;
    /**
     * Guard: a signed-in client, who sees their own records; a staff member whom the route's
     * entry reaches sees what its scope says (request.staffScope).
     */
    requireClientOrStaff: Guard;
    /** Loads the staff record and working shift of a client, or null. */
    loadStaff: (clientId: string) => Promise<StaffContext | null>;
    /** Whether an access token's session was revoked; revocations are announced to it. */
    sessionRevocation: SessionRevocation;
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Tokens whose signature held, with their payloads: at most this many, the oldest dropped first. */
const VERIFIED_TOKENS_MAX = 4096;
const verifiedTokens = new Map<string, { secret: string; payload: AccessTokenPayload }>();

/**
 * The token's payload when its signature holds (null otherwise), remembered: a client's requests
 * carry the same token for its whole life (15 minutes), and checking its HMAC on every one is a
 * noticeable part of a request's work. Only the signature's answer is kept;
 * expiry and revocation are checked on every request as before. A token is a key only with the
 * secret it was checked with.
 */
function verifiedPayload(token: string, secret: string): AccessTokenPayload | null {
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret) return known.payload;
  const payload = verifyToken<AccessTokenPayload>(token, secret);
  if (payload) {
    if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verifiedTokens.keys().next();
      if (!oldest.done) verifiedTokens.delete(oldest.value);
    }
    verifiedTokens.set(token, { secret, payload });
  }
  return payload;
}

export function readAccessToken(
  secret: string,
  token: string | undefined,
): { auth: AuthContext | null; problem: FastifyRequest['authProblem'] } {
  if (!token) return { auth: null, problem: null };
  const payload = verifiedPayload(token, secret);
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
    return { auth: null, problem: 'TokenVerificationError' };
  }
  if (typeof payload.exp !== 'number' || payload.exp < Date.now()) return { auth: null, problem: 'TokenExpired' };
  return { auth: { clientId: payload.sub, sessionId: payload.sid }, problem: null };
}

export function requestAuthError(request: FastifyRequest): AppError {
  if (request.authProblem === 'TokenExpired') {
    return new AppError('Your session has expired', { status: 401, type: ErrorType.TokenExpired });
  }
  if (request.authProblem === 'TokenVerificationError') {
    return new AppError('Your session could not be verified', { status: 401, type: ErrorType.TokenVerificationError });
  }
  return new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
}

const revokedSessionError = () =>
  new AppError('You have been signed out; please sign in again', {
    status: 401,
    type: ErrorType.TokenVerificationError,
    additionalInfo: { reason: 'revoked' },
  });

/**
 * Adds who is calling to every line the request logs from here on, the error handler's included
 * (the request and its reply share one logger). The disabled logger has no bindings to set.
 */
function logWho(request: FastifyRequest, who: Record<string, string>): void {
  (request.log as { setBindings?: (bindings: Record<string, string>) => void }).setBindings?.(who);
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionPluginOptions) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('authProblem', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('staffScope', null);
  app.decorate('sessionRevocation', options.revocation);

  // Who may call a route is decided before what they sent is looked at: a route's guards, written
  // as its preHandler, are moved to its onRequest hooks, so a caller without the access gets
  // 401/403 and never a field-level 400 that would tell them the route's rules (nor is the body
  // of a refused request even read). One place, for every route registered after this plugin.
  const guards = new WeakSet<Guard>();
  const guard = (check: Guard): Guard => {
    guards.add(check);
    return check;
  };
  // Guards whose route must have an entry in the scopes table: a staff route cannot be added
  // without saying who may call it and on what.
  const scopedGuards = new WeakSet<Guard>();
  const scoped = (check: Guard): Guard => {
    scopedGuards.add(check);
    return guard(check);
  };
  app.addHook('onRoute', (route) => {
    const preHandlers = asList(route.preHandler);
    const lifted = preHandlers.filter((h) => guards.has(h as Guard));
    if (lifted.length > 0) {
      route.preHandler = preHandlers.filter((h) => !guards.has(h as Guard));
      route.onRequest = [...asList(route.onRequest), ...(lifted as Guard[])];
    }
    if (!asList(route.onRequest).some((h) => scopedGuards.has(h as Guard))) return;
    for (const method of asList(route.method)) {
      if (!staffRouteRule(method, route.url)) {
        throw new Error(
          `${method} ${route.url} is guarded for staff but has no entry in src/domain/staff-scopes.ts: say who may call it and on what`,
        );
      }
    }
  });

  /**
   * Every guarded route refuses a revoked session at once, reads included:
   * some writes are GETs (the order cancel link) and a method rule would miss them; the check
   * costs a Redis lookup and at most one database read per session every few seconds.
   */
  async function requireLiveSession(request: FastifyRequest): Promise<AuthContext> {
    if (!request.auth) throw requestAuthError(request);
    if (await app.sessionRevocation.isRevoked(request.auth.sessionId)) throw revokedSessionError();
    return request.auth;
  }

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const { auth, problem } = readAccessToken(app.config.SESSION_SECRET, request.cookies[ACCESS_COOKIE] ?? bearer);
    request.auth = auth;
    request.authProblem = problem;
    if (auth) logWho(request, { clientId: auth.clientId });
  });

  // Read on every staff request and event, so never remembered: a shift ended or an access taken
  // away holds from the next request. The requests that arrive together share one statement, each
  // request's sent after it arrived (db/batcher.ts), so none is answered from an older reading.
  const many = options.staff.loadStaffMany;
  const loadStaff = many
    ? batcher((clientIds: string[]) => many(clientIds), { max: STAFF_BATCH_MAX })
    : (clientId: string) => options.staff.loadStaff(clientId);
  app.decorate('loadStaff', loadStaff);

  app.decorate(
    'requireClient',
    guard(async (request: FastifyRequest) => {
      await requireLiveSession(request);
    }),
  );

  const forbidden = (reason: string, message = 'You do not have permission to view this page.') =>
    new AppError(message, { status: 403, type: ErrorType.Forbidden, additionalInfo: { reason } });

  /** The scopes-table entry of the route a request reached (the onRoute check made sure there is one). */
  const ruleOf = (request: FastifyRequest): StaffRouteRule => {
    const rule = staffRouteRule(request.method, request.routeOptions.url ?? '');
    if (!rule) throw forbidden('NoScope');
    return rule;
  };

  app.decorate(
    'requireStaff',
    (guardOptions: { loadStaff?: (clientId: string) => Promise<StaffContext | null> } = {}) =>
      scoped(async (request: FastifyRequest) => {
        const auth = await requireLiveSession(request);
        const member = await (guardOptions.loadStaff ?? app.loadStaff)(auth.clientId);
        if (!member?.isCurrentStaff) throw forbidden(member ? 'NotCurrentStaff' : 'NotStaff');
        const rule = ruleOf(request);
        const onShift = Boolean(member.shiftId);
        const scope = scopeOf(rule, member, onShift);
        // Who first: a member no grant reaches is told so, shift or not.
        if (!scope && !scopeOf(rule, member)) throw forbidden('MissingAccess');
        if ((rule.shift || !scope) && !onShift) throw forbidden('NoActiveShift', 'Start a shift first');
        request.staff = member;
        request.staffScope = scope;
        logWho(request, { staffId: member.id, staffRole: member.role });
      }),
  );

  app.decorate(
    'requireClientOrStaff',
    scoped(async (request: FastifyRequest) => {
      const auth = await requireLiveSession(request);
      const member = await app.loadStaff(auth.clientId);
      if (!member?.isCurrentStaff) return;
      const scope = scopeOf(ruleOf(request), member, Boolean(member.shiftId));
      if (!scope) return;
      request.staff = member;
      request.staffScope = scope;
      logWho(request, { staffId: member.id, staffRole: member.role });
    }),
  );
});
