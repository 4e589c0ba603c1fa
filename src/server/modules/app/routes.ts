import { appDataSchema, healthSchema } from '../../../domain/schemas/app';
import { routesOf } from '../../lib/route';
import { createStaffRoute } from '../shift';

const startedAt = new Date().toISOString();

const appRoutes = routesOf('app', async (app, route) => {
  // POST /api/app/add_employee: the same call as POST /api/staff/create, Admin access and a shift.
  await app.register(createStaffRoute('/add_employee', ['app']));

  app.get('/data', route('Public configuration the web app needs', { ok: appDataSchema }), async () => ({
    company: { name: 'Arrive', _name: 'arrive' },
    paymentMode: app.config.PAYMENT_MODE,
    paystackPublicKey: app.config.paystackPublicKey,
    smsProvider: app.config.SMS_PROVIDER,
    mapsMode: app.config.GOOGLE_MAPS_API_KEY ? ('google' as const) : ('estimate' as const),
    currency: 'NGN' as const,
    startedAt,
  }));

  app.get(
    '/health',
    route('Whether the server and its database can serve', { response: { 200: healthSchema, 503: healthSchema } }),
    async (_request, reply) => {
      const database = (await app.database.ping()) ? 'up' : 'down';
      const redis = !app.redis ? 'disabled' : app.redis.status === 'ready' ? 'up' : 'down';
      const status = database === 'up' ? (redis === 'down' ? 'degraded' : 'ok') : 'down';
      return reply.status(database === 'up' ? 200 : 503).send({ status, database, redis });
    },
  );
});

export default appRoutes;
