import { AppError, ErrorType } from '../../../domain/errors';
import { lagosDateKey } from '../../../domain/format';
import {
  accountDeletionBodySchema,
  accountDeletionResultSchema,
  clientDataExportSchema,
} from '../../../domain/schemas/privacy';
import { errorObjectSchema } from '../../lib/error-object';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { clearSessionCookies } from '../auth';
import { eraseClientAccount, exportClientData, scheduleRetention } from '../privacy';

/**
 * A client's data rights: a copy of everything held about them, and erasure (the privacy module's).
 * The retention job (rider positions, spent codes) is scheduled from here too.
 */
const privacyRoutes = routesOf('client', async (app, route) => {
  scheduleRetention(app);

  app.get(
    '/me/export',
    route('Download everything held about the signed-in client, as one JSON file', {
      who: app.requireClient,
      response: { 200: clientDataExportSchema, 401: errorObjectSchema, 404: errorObjectSchema },
    }),
    async (request, reply) => {
      const clientId = signedInClientId(request);
      const data = await exportClientData(app.db, clientId);
      if (!data) throw new AppError('No account found', { status: 404, type: ErrorType.NoUserFound });
      request.log.info({ clientId }, 'client data exported');
      // Personal data: no cache keeps a copy, and the browser saves it as a file.
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="arrive-my-data-${lagosDateKey(new Date())}.json"`);
      return data;
    },
  );

  app.post(
    '/me/delete',
    route('Delete the signed-in account: personal data erased, orders and the wallet ledger kept under a pseudonym', {
      who: app.requireClient,
      idempotent: true,
      body: accountDeletionBodySchema,
      response: {
        200: accountDeletionResultSchema,
        400: errorObjectSchema,
        401: errorObjectSchema,
        403: errorObjectSchema,
        404: errorObjectSchema,
        409: errorObjectSchema,
      },
    }),
    async (request, reply) => {
      const clientId = signedInClientId(request);
      const erased = await eraseClientAccount(app, clientId, request.body.confirmation);
      await app.sessionRevocation.revoked(erased.revokedSessionIds);
      clearSessionCookies(reply, app.config);
      request.log.info({ clientId }, 'client account erased');
      return { deleted: true as const, deletedAt: erased.deletedAt.toISOString() };
    },
  );
});

export default privacyRoutes;
