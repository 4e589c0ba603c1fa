import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { cylinderInputSchema, cylinderListSchema, cylinderSchema } from '../../../domain/schemas/cylinder';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { toCylinderView } from './service';
import { clientCylinders } from './tables';

/** A client keeps a handful of cylinders; more than this is a mistake or abuse. */
const MAX_CYLINDERS = 20;

/** Routes of the /api/cylinder area: the signed-in client's own cylinders. */
const cylinderRoutes = routesOf('cylinder', async (app, route) => {
  app.get(
    '/user',
    route("The client's cylinders, each flagged when past (or near) its safe life", {
      who: app.requireClient,
      ok: cylinderListSchema,
    }),
    async (request) => {
      const rows = await app.db
        .select()
        .from(clientCylinders)
        .where(eq(clientCylinders.clientId, signedInClientId(request)))
        .orderBy(asc(clientCylinders.expiryDate));
      return { cylinders: rows.map((r) => toCylinderView(r)) };
    },
  );

  app.post(
    '/user',
    route('Register one of your cylinders (size, serial number, expiry date)', {
      who: app.requireClient,
      idempotent: true,
      body: cylinderInputSchema,
      created: cylinderSchema,
    }),
    async (request, reply) => {
      const owner = signedInClientId(request);
      const serial = request.body.serialNumber.toUpperCase();
      const mine = await app.db.select().from(clientCylinders).where(eq(clientCylinders.clientId, owner));
      if (mine.some((c) => c.serialNumber === serial)) {
        throw new AppError(`You already registered cylinder ${serial}`, { status: 409, type: ErrorType.Conflict });
      }
      if (mine.length >= MAX_CYLINDERS) {
        throw new AppError(`You can register up to ${MAX_CYLINDERS} cylinders`, {
          status: 400,
          type: ErrorType.InvalidInput,
        });
      }
      const [row] = await app.db
        .insert(clientCylinders)
        .values({
          clientId: owner,
          sizeKg: request.body.sizeKg,
          serialNumber: serial,
          label: request.body.label ?? null,
          expiryDate: request.body.expiryDate,
        })
        .returning();
      if (!row) throw new Error('cylinder insert returned nothing');
      return reply.code(201).send(toCylinderView(row));
    },
  );

  app.delete(
    '/user/:id',
    route('Remove one of your cylinders', {
      who: app.requireClient,
      params: z.object({ id: z.uuid('Cylinder not found') }),
      ok: z.object({ removed: z.literal(true) }),
    }),
    async (request) => {
      const removed = await app.db
        .delete(clientCylinders)
        .where(and(eq(clientCylinders.id, request.params.id), eq(clientCylinders.clientId, signedInClientId(request))))
        .returning({ id: clientCylinders.id });
      if (removed.length === 0) throw new AppError('Cylinder not found', { status: 404, type: ErrorType.NotFound });
      return { removed: true as const };
    },
  );
});

export default cylinderRoutes;
