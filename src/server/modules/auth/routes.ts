import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import {
  type AuthResult,
  authResultSchema,
  cookieAuthResponseSchema,
  okResponseSchema,
  otpByClientBodySchema,
  otpConfirmationBodySchema,
  otpRequestBodySchema,
  phoneLoginBodySchema,
  profileSchema,
  profileUpdateSchema,
  refreshTokenBodySchema,
} from '../../../domain/schemas/auth';
import { assertActingClient } from '../../lib/acting-client';
import { errorObjectSchema } from '../../lib/error-object';
import { routesOf } from '../../lib/route';
import {
  addClient,
  type ClientRow,
  findClientById,
  findClientByPhone as findClientByLocalPhone,
  markClientVerified,
  updateClientProfile,
} from '../client';
import { loadAuthObject } from './auth-object';
import { limitedAddress } from './limited-address';
import { CONFIRM_ROUTE_RATE_LIMIT, SEND_ROUTE_RATE_LIMIT } from './limits';
import { issueOtp, sweepAuthRows, verifyOtp } from './otp-service';
import { clearPendingVerification, readPendingVerification, setPendingVerification } from './pending-verification';
import {
  clearSessionCookies,
  createSession,
  isSessionActive,
  presentedRefreshToken,
  revokeAllSessions,
  revokeSessionOf,
  rotateRefreshToken,
  setSessionCookies,
} from './session-service';

/** Anything unexpected becomes the call's own failure type; AppErrors pass through as they are. */
async function failingAs<T>(type: ErrorType, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(new AppError(message, { status: 500, type }), { cause: err });
  }
}

const rateLimit = (limit: { max: number; timeWindow: number }) => ({
  ...limit,
  keyGenerator: (request: FastifyRequest) => limitedAddress(request.ip),
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError('Too many requests from this address. Please wait a moment and try again.', {
      status: 429,
      type: ErrorType.RateLimited,
      additionalInfo: { scope: 'address', retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
    }),
});

const sessionMeta = (request: FastifyRequest) => ({
  platform: typeof request.headers['x-platform'] === 'string' ? request.headers['x-platform'] : undefined,
  userAgent: request.headers['user-agent'],
});

/** Routes of the /api/auth area: phone sign-up and sign-in with a one-time SMS code, sessions, profile. */
const authRoutes = routesOf('auth', async (app, route) => {
  // Spent codes and dead sessions are only kept as long as the limits and audits need them.
  const sweep = () => sweepAuthRows(app.db).catch((err: unknown) => app.log.warn({ err }, 'auth sweep failed'));
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /** Rotates a refresh token; a reuse's revocations are announced so the family is refused at once. */
  async function rotate(request: FastifyRequest, refreshToken: string) {
    const rotated = await rotateRefreshToken(app.db, app.config, refreshToken, sessionMeta(request));
    if (!rotated.ok && rotated.problem === 'reused') await app.sessionRevocation.revoked(rotated.revokedSessionIds);
    return rotated;
  }

  async function findClientByPhone(phoneNumber: string): Promise<ClientRow | undefined> {
    const phone = normalizePhone(phoneNumber);
    return findClientByLocalPhone(app.db, phone.local);
  }

  async function requireClientByPhone(phoneNumber: string): Promise<ClientRow> {
    const client = await findClientByPhone(phoneNumber);
    if (!client) throw new AppError('No account uses this number', { status: 404, type: ErrorType.NoUserFound });
    return client;
  }

  async function sendCode(request: FastifyRequest, reply: FastifyReply, client: ClientRow): Promise<AuthResult> {
    // An erased account (reached through an old pending cookie or its id) is texted nothing.
    if (client.deletedAt) throw new AppError('No account found', { status: 404, type: ErrorType.NoUserFound });
    const { attemptId, expiresAt } = await issueOtp(
      { db: app.db, config: app.config, sms: app.sms.provider, log: request.log },
      {
        clientId: client.id,
        phoneInternational: client.phoneInternational,
        requestIp: limitedAddress(request.ip),
        replaces: readPendingVerification(request, app.config),
      },
    );
    setPendingVerification(reply, app.config, { clientId: client.id, attemptId });
    return {
      clientId: client.id,
      isLogin: false,
      isVerified: client.isVerified,
      mobileNumber: client.phoneLocal,
      phoneInternational: client.phoneInternational,
      otpExpiresAt: expiresAt.toISOString(),
    };
  }

  const sendResponses = {
    200: authResultSchema,
    400: errorObjectSchema,
    404: errorObjectSchema,
    409: errorObjectSchema,
    429: errorObjectSchema,
    500: errorObjectSchema,
    502: errorObjectSchema,
  };

  /** A route that texts a code: at most SEND_ROUTE_RATE_LIMIT per address, and a send's answers. */
  const sendRoute = <Body extends z.ZodType, Responses extends object = object>(
    summary: string,
    body: Body,
    moreResponses?: Responses,
  ) =>
    route(summary, {
      config: { rateLimit: rateLimit(SEND_ROUTE_RATE_LIMIT) },
      body,
      response: { ...sendResponses, ...moreResponses },
    });

  app.post('/signup', sendRoute('Create an account and text it a code', phoneLoginBodySchema), async (request, reply) =>
    failingAs(ErrorType.SignUpFailed, 'Something went wrong in creating account', async () => {
      const phone = normalizePhone(request.body.phoneNumber);
      let client = await findClientByPhone(phone.local);
      // A number that signed up but never confirmed a code is not an account yet: signing up
      // again just sends a new code, so a mistyped first attempt never locks the owner out.
      if (client?.isVerified) {
        throw new AppError('An account with this number already exists', { status: 409, type: ErrorType.UserExist });
      }
      if (!client) {
        const created = await addClient(app.db, {
          phoneLocal: phone.local,
          phoneInternational: phone.international,
        });
        client = created ?? (await findClientByPhone(phone.local));
      }
      if (!client) throw new Error('the client was neither created nor found');
      if (client.isVerified) {
        throw new AppError('An account with this number already exists', { status: 409, type: ErrorType.UserExist });
      }
      return sendCode(request, reply, client);
    }),
  );

  app.post(
    '/login',
    sendRoute('Text a sign-in code to an existing account', phoneLoginBodySchema),
    async (request, reply) =>
      failingAs(ErrorType.LoginFailed, 'Something went wrong, pls try again', async () =>
        sendCode(request, reply, await requireClientByPhone(request.body.phoneNumber)),
      ),
  );

  app.post(
    '/opt_request',
    sendRoute('Send a new code (empty body: to the number awaiting verification)', otpRequestBodySchema),
    async (request, reply) =>
      failingAs(ErrorType.RequestOPTCodeFailed, 'Something went wrong sending a new code', async () => {
        let client: ClientRow | undefined;
        if (request.body.mobileNumber) {
          client = await requireClientByPhone(request.body.mobileNumber);
        } else {
          const pending = readPendingVerification(request, app.config);
          if (pending) client = await findClientById(app.db, pending.clientId);
          if (!client) {
            throw new AppError('Give the mobile number to send the code to', {
              status: 400,
              type: ErrorType.MobileNumberMissing,
            });
          }
        }
        return sendCode(request, reply, client);
      }),
  );

  app.post(
    '/opt_by_client',
    sendRoute('Send a new code to the client awaiting verification, named by id', otpByClientBodySchema, {
      403: errorObjectSchema,
    }),
    async (request, reply) =>
      failingAs(ErrorType.RequestOPTCodeFailed, 'Something went wrong sending a new code', async () => {
        // Only the browser that started this verification (or the signed-in client itself) may
        // make us text a client by id; otherwise a leaked id would let anyone bomb the phone.
        const { clientId } = request.body;
        const allowed =
          readPendingVerification(request, app.config)?.clientId === clientId || request.auth?.clientId === clientId;
        if (!allowed) {
          throw new AppError('This verification was not started here; please go to login', {
            status: 403,
            type: ErrorType.Forbidden,
          });
        }
        const client = await findClientById(app.db, clientId);
        if (!client) throw new AppError('No account found', { status: 404, type: ErrorType.NoUserFound });
        return sendCode(request, reply, client);
      }),
  );

  app.post(
    '/opt_confirmation',
    route('Confirm the code: starts the session (httpOnly cookies) and answers the auth object', {
      config: { rateLimit: rateLimit(CONFIRM_ROUTE_RATE_LIMIT) },
      body: otpConfirmationBodySchema,
      response: {
        200: cookieAuthResponseSchema,
        400: errorObjectSchema,
        404: errorObjectSchema,
        429: errorObjectSchema,
        500: errorObjectSchema,
      },
    }),
    async (request, reply) =>
      failingAs(ErrorType.ConfirmVerificationFailed, 'Something went wrong,  go back to login', async () => {
        // A code is checked only within the sign-in attempt this browser started: without it, or
        // for another number than that attempt's, nothing is read or counted (auth README).
        const pending = readPendingVerification(request, app.config);
        if (!pending) {
          throw new AppError('This sign-in was not started in this browser; please go to login', {
            status: 400,
            type: ErrorType.MobileNumberMissing,
          });
        }
        const { clientId } = pending;
        if (request.body.mobileNumber && (await findClientByPhone(request.body.mobileNumber))?.id !== clientId) {
          throw new AppError('This sign-in was started for another number; please go back to login', {
            status: 400,
            type: ErrorType.ConfirmVerificationFailed,
          });
        }
        await verifyOtp({ db: app.db, config: app.config }, pending, request.body.optCode);
        await markClientVerified(app.db, clientId);
        const tokens = await createSession(app.db, app.config, clientId, sessionMeta(request));
        setSessionCookies(reply, app.config, tokens);
        clearPendingVerification(reply, app.config);
        const auth = await loadAuthObject(app, clientId);
        if (!auth) throw new AppError('No account found', { status: 404, type: ErrorType.NoUserFound });
        request.log.info({ clientId }, 'client signed in');
        return { auth };
      }),
  );

  const cookieAuthFailed = (reason: string) =>
    new AppError('You are not signed in', {
      status: 401,
      type: ErrorType.CookiesAuthFailed,
      additionalInfo: { reason },
    });

  app.get(
    '/cookie_auth',
    route('The auth object of the signed-in client (refreshes an expired session)', {
      response: { 200: cookieAuthResponseSchema, 401: errorObjectSchema, 500: errorObjectSchema },
    }),
    async (request, reply) =>
      failingAs(ErrorType.CookiesAuthFailed, 'Something went wrong checking your session', async () => {
        let clientId: string | null = null;
        if (request.auth && (await isSessionActive(app.db, request.auth.sessionId))) {
          clientId = request.auth.clientId;
        } else {
          // The access token is missing, expired or revoked: the refresh cookie (sent only to
          // /api/auth) may still carry the session, so the page load signs the client back in.
          const refreshToken = presentedRefreshToken(request);
          if (!refreshToken) {
            if (request.auth || request.authProblem) clearSessionCookies(reply, app.config);
            throw cookieAuthFailed(request.auth ? 'revoked' : (request.authProblem ?? 'no-session'));
          }
          const rotated = await rotate(request, refreshToken);
          if (!rotated.ok) {
            clearSessionCookies(reply, app.config);
            throw cookieAuthFailed(rotated.problem);
          }
          setSessionCookies(reply, app.config, rotated.tokens);
          clientId = rotated.clientId;
        }
        const auth = await loadAuthObject(app, clientId);
        if (!auth) {
          clearSessionCookies(reply, app.config);
          throw cookieAuthFailed('no-client');
        }
        return { auth };
      }),
  );

  app.post(
    '/refresh_token',
    route('Rotate the refresh token; a reused one revokes its whole family', {
      config: { rateLimit: rateLimit(CONFIRM_ROUTE_RATE_LIMIT) },
      body: refreshTokenBodySchema,
      response: { 200: okResponseSchema, 401: errorObjectSchema, 500: errorObjectSchema },
    }),
    async (request, reply) => {
      const refreshToken = presentedRefreshToken(request, request.body.refreshToken);
      if (!refreshToken) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
      const rotated = await rotate(request, refreshToken);
      if (!rotated.ok) {
        clearSessionCookies(reply, app.config);
        if (rotated.problem === 'expired') {
          throw new AppError('Your session has expired; please sign in again', {
            status: 401,
            type: ErrorType.TokenExpired,
          });
        }
        throw new AppError('Your session could not be verified; please sign in again', {
          status: 401,
          type: ErrorType.TokenVerificationError,
          additionalInfo: { reason: rotated.problem },
        });
      }
      setSessionCookies(reply, app.config, rotated.tokens);
      return { success: true as const };
    },
  );

  app.post('/logout', route('Sign out of this device', { ok: okResponseSchema }), async (request, reply) => {
    // A sign-out queued offline and sent later signs out its author, never a colleague signed in since.
    assertActingClient(request, { unlessSignedOut: true });
    const revoked = await revokeSessionOf(app.db, {
      refreshToken: presentedRefreshToken(request),
      sessionId: request.auth?.sessionId,
    });
    await app.sessionRevocation.revoked(revoked);
    clearSessionCookies(reply, app.config);
    clearPendingVerification(reply, app.config);
    return { success: true as const };
  });

  app.post(
    '/logout_all',
    route('Sign out of every device', {
      who: app.requireClient,
      response: { 200: okResponseSchema, 401: errorObjectSchema },
    }),
    async (request, reply) => {
      const clientId = request.auth?.clientId;
      if (!clientId) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
      await app.sessionRevocation.revoked(await revokeAllSessions(app.db, clientId));
      clearSessionCookies(reply, app.config);
      return { success: true as const };
    },
  );

  const profileOf = (row: ClientRow) => ({
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phoneLocal: row.phoneLocal,
    phoneInternational: row.phoneInternational,
  });

  app.get(
    '/profile',
    route("The signed-in client's profile", {
      who: app.requireClient,
      response: { 200: profileSchema, 401: errorObjectSchema, 404: errorObjectSchema },
    }),
    async (request) => {
      const row = await findClientById(app.db, request.auth?.clientId ?? '');
      if (!row) throw new AppError('No account found', { status: 404, type: ErrorType.NotFound });
      return profileOf(row);
    },
  );

  app.put(
    '/profile',
    route("Edit the signed-in client's name and email (the phone is the identity)", {
      who: app.requireClient,
      body: profileUpdateSchema,
      response: { 200: profileSchema, 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema },
    }),
    async (request) => {
      const row = await updateClientProfile(app.db, request.auth?.clientId ?? '', request.body);
      if (!row) throw new AppError('No account found', { status: 404, type: ErrorType.NotFound });
      return profileOf(row);
    },
  );
});

export default authRoutes;
