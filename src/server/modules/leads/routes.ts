import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  applicationBodySchema,
  interestLeadBodySchema,
  leadContactedBodySchema,
  leadListQuerySchema,
  leadListSchema,
  leadMessages,
  leadReceiptSchema,
  leadServiceValues,
  leadViewSchema,
  nigerianMobileSchema,
  validateRiderSignup,
} from '../../../domain/schemas/leads';
import { errorObjectSchema } from '../../lib/error-object';
import { routesOf } from '../../lib/route';
import { hashPassword } from './password-hash';
import { listLeads, markLeadContacted, saveApplication, saveInterest } from './service';

/** Public forms per address: enough for a family sharing a phone, too few for a spam script. */
export const LEAD_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 } as const;

const rateLimitOptions = {
  ...LEAD_RATE_LIMIT,
  errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) =>
    new AppError(leadMessages.rateLimited, { status: context.statusCode, type: ErrorType.RateLimited }),
};

/** The interest form's shape; its content is checked in the handler so the messages reach the user as written. */
const interestShape = z.object({
  service: z.enum(leadServiceValues),
  name: z.string().max(200).default(''),
  phone: z.string().max(40).default(''),
  city: z.string().max(200).default(''),
  businessName: z.string().max(200).optional(),
});

/** Routes of the /api/leads area: the public site's forms, and the staff list. */
const leadsRoutes = routesOf('leads', async (app, route) => {
  // One limiter (one store) for both public forms, so alternating between them gains nothing.
  const rateLimit = app.rateLimit(rateLimitOptions);
  /** A public form's route: that limiter, and a retried send (same Idempotency-Key) gets its first answer. */
  const publicForm = <Body extends z.ZodType, Responses extends object>(
    summary: string,
    body: Body,
    response: Responses,
  ) => route(summary, { onRequest: rateLimit, idempotent: true, body, response });

  app.post(
    '/interest',
    publicForm('Register interest in a service or partnership (public)', interestShape, {
      200: leadReceiptSchema,
      201: leadReceiptSchema,
      400: errorObjectSchema,
      429: errorObjectSchema,
    }),
    async (request, reply) => {
      const parsed = interestLeadBodySchema.safeParse(request.body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
        throw new AppError(issues[0]?.message ?? 'Invalid input', {
          status: 400,
          type: ErrorType.InvalidInput,
          additionalInfo: issues,
        });
      }
      const { service, name, phone, city, businessName } = parsed.data;
      const { receipt, created } = await saveInterest(app.db, {
        kind: 'interest',
        service,
        name,
        phone,
        city,
        businessName: businessName || null,
      });
      return reply.status(created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    '/application',
    publicForm(
      'Apply as a rider or driver (public); the password is stored as a salted scrypt hash',
      applicationBodySchema,
      { 201: leadReceiptSchema, 400: errorObjectSchema, 409: errorObjectSchema, 429: errorObjectSchema },
    ),
    async (request, reply) => {
      const body = request.body;
      const problem = validateRiderSignup(body);
      if (problem) throw new AppError(problem, { status: 400, type: ErrorType.InvalidInput });
      const phone = nigerianMobileSchema.parse(body.phoneNumber);
      const receipt = await saveApplication(app.db, {
        kind: 'application',
        service: body.role,
        name: body.fullName.trim(),
        phone,
        email: body.email.trim().toLowerCase(),
        passwordHash: await hashPassword(body.password),
      });
      if (!receipt) throw new AppError(leadMessages.applicationExists, { status: 409, type: ErrorType.Conflict });
      return reply.status(201).send(receipt);
    },
  );

  app.get(
    '/',
    route('List the leads, newest first (staff with Manager or CEO access)', {
      who: app.requireStaff(),
      query: leadListQuerySchema,
      ok: leadListSchema,
    }),
    async (request) => listLeads(app.db, request.query),
  );

  app.post(
    '/:id/contacted',
    route('Mark a lead contacted, once (staff with Manager or CEO access)', {
      who: app.requireStaff(),
      idempotent: true,
      params: z.object({ id: z.uuid('Unknown lead') }),
      body: leadContactedBodySchema,
      response: {
        200: leadViewSchema,
        400: errorObjectSchema,
        401: errorObjectSchema,
        403: errorObjectSchema,
        404: errorObjectSchema,
      },
    }),
    async (request) => {
      const staffId = request.staff?.id;
      if (!staffId) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
      const result = await markLeadContacted(app.db, request.params.id, { staffId, note: request.body.note });
      if (!result) throw new AppError('No such lead', { status: 404, type: ErrorType.NotFound });
      return result.lead;
    },
  );
});

export default leadsRoutes;
