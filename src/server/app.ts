import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PaymentPurpose } from '../domain/enums';
import { ErrorType } from '../domain/errors';
import type { Config } from './config';
import { newestBackupAt } from './db/backup';
import type { Database, Db } from './db/client';
import { createMaps } from './integrations/maps/adapter';
import { createPaystackClient } from './integrations/paystack/client';
import { paystackEmulator } from './integrations/paystack/emulator';
import { createPushService } from './integrations/push/push-service';
import { createSmsService } from './integrations/sms/sms-service';
import { COMPRESS_FROM_BYTES } from './lib/compression';
import { createOutbound, type Outbound } from './lib/outbound';
import { createIdempotencyStore } from './modules/app';
import { auditContextPlugin } from './modules/audit';
import { createSessionRevocation } from './modules/auth';
import { centerNews } from './modules/centers';
import { cylindersExpiringBy } from './modules/cylinder';
import { DeliveryNotices, deliveryLeg, publishDeliveryProgress, publishDispatchBoard } from './modules/delivery';
import { apiModules, devRoutes } from './modules/index';
import { outboxBacklog, registerNotificationRunner } from './modules/notification';
import type { OrderLegs } from './modules/order';
import { paidRefillsOf } from './modules/order';
import type { PaymentHandlers } from './modules/payment';
import { giveOrderValue, untakenPaymentProblems } from './modules/payment';
import { PickupChannel } from './modules/pickup';
import { type CatalogueCache, createCatalogueCache, quotaStock } from './modules/quota';
import { openShiftRefOf } from './modules/shift';
import { staffOfClientsWith, staffOfClientWith } from './modules/staff';
import { applyCardFunding, applyDedicatedTransfer } from './modules/wallet';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { inputGuardPlugin, unreadablePathError } from './plugins/input-guard';
import { metricsPlugin } from './plugins/metrics';
import { realtimePlugin } from './plugins/realtime';
import { redisPlugin } from './plugins/redis';
import { requestIdOf, requestIdPlugin } from './plugins/request-id';
import { sandboxGuardPlugin } from './plugins/sandbox-guard';
import { securityHeadersMiddleware, securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { webAppPlugin } from './plugins/web-app';
import { seedDemo } from './seed';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Db;
    database: Database;
    /** The one client for every call out of the server (lib/outbound.ts). */
    outbound: Outbound;
  }
}

export type BuildAppOptions = {
  config: Config;
  /** An opened, migrated database; the app closes it when it closes. */
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Origins a test's own listener answers on (a push service, an SMS provider), which the one
   * outbound client may then call although they are local; added to OUTBOUND_ALLOW_LOCAL.
   */
  allowLocalOrigins?: readonly string[];
};

/** A client's staff record with their open shift and its center (StaffLookup.loadStaff). */
const staffWithOpenShift = staffOfClientWith('staff_with_open_shift', openShiftRefOf);
/** The same for the clients of requests that arrive together (StaffLookup.loadStaffMany). */
const staffOfClientsWithOpenShift = staffOfClientsWith('staffs_with_open_shift', openShiftRefOf);

/** A staff row with its open shift as the session plugin keeps it. */
function withShift<R extends { extra: { id: string; centerId: string } | null }>(member: R) {
  const { extra: shift, ...rest } = member;
  return { ...rest, shiftId: shift?.id ?? null, shiftCenterId: shift?.centerId ?? null };
}

/** What placing and cancelling an order reaches in the areas that depend on orders. */
function orderLegs(catalogue: CatalogueCache): OrderLegs {
  return { stock: quotaStock(catalogue), delivery: deliveryLeg };
}

/**
 * What gives value when money arrives: each payment purpose → its handler, and the handler of
 * transfers into virtual accounts. A purpose missing here (FundVirtualAccount, NotDefined) is
 * refused when one of its payments succeeds.
 */
function paymentHandlers(): PaymentHandlers {
  return {
    succeeded: {
      [PaymentPurpose.FundWallet]: applyCardFunding,
      [PaymentPurpose.OrderPayment]: giveOrderValue,
    },
    dedicatedTransfer: applyDedicatedTransfer,
  };
}

/**
 * Builds the whole server as a plugin tree and never listens: main.ts listens, tests inject.
 * Load order: platform (errors, security, cookies, data) → app plugins (session, idempotency,
 * realtime) → shared services → modules.
 */
export async function buildApp({
  config,
  database,
  logger = false,
  allowLocalOrigins = [],
}: BuildAppOptions): Promise<FastifyInstance> {
  const trust = config.TRUST_PROXY;
  const setSecurityHeaders = securityHeadersMiddleware(config.production);
  const app = Fastify({
    logger,
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    // A sane incoming x-request-id, else a UUID; echoed on the answer (plugins/request-id.ts).
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    // Bad URLs the router refuses before any hook (a too-long path parameter, broken %-encoding)
    // still answer the error object.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      setSecurityHeaders(request.raw, reply.raw);
      if (error.code === 'FST_ERR_BAD_URL') {
        void reply.status(400).send(unreadablePathError(request));
        return;
      }
      void reply.status(status).send({ type: ErrorType.InvalidInput, status, message: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  // Before every route, so each answer is observed; GET /metrics (docs/operations.md).
  await app.register(metricsPlugin, {
    outboxBacklog: () => outboxBacklog(app.db),
    paymentProblems: () => untakenPaymentProblems(app.db),
    ...(config.BACKUP_DIR ? { lastBackupAt: () => newestBackupAt(config.BACKUP_DIR as string) } : {}),
  });
  await app.register(redisPlugin);
  await app.register(securityPlugin);
  // Before the modules: no route meets a string PostgreSQL would refuse.
  await app.register(inputGuardPlugin);
  await app.register(cookie, { secret: config.SESSION_SECRET });
  await app.register(compress, { threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, skipOnError: true } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Arrive API', version: '1.0.0', description: 'Rides, delivery and cooking gas.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'arrive_at' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(sessionPlugin, {
    revocation: createSessionRevocation({ db: app.db, redis: app.redis, log: app.log }),
    // A staff record and its working shift, read on every staff request and event: one statement,
    // shared by the requests that arrive together, the staff module knowing nothing of shifts.
    staff: {
      async loadStaff(clientId) {
        const member = await staffWithOpenShift(app.db, clientId);
        return member ? withShift(member) : null;
      },
      async loadStaffMany(clientIds) {
        const members = await staffOfClientsWithOpenShift(app.db, clientIds);
        return members.map((member) => (member ? withShift(member) : null));
      },
    },
  });
  await app.register(sandboxGuardPlugin);
  await app.register(idempotencyPlugin, { store: createIdempotencyStore(app.db) });
  // Staff actions are recorded with the device they came from (modules/audit).
  await app.register(auditContextPlugin);
  await app.register(realtimePlugin);

  // Shared services: one of each per app, decorated on the root so every module sees the same one
  // (and two apps in one process share nothing). The pickup channel rides on app.io and the session.
  // Every call out of the server (providers, push services) goes through this one client.
  const outbound = createOutbound({ allowLocal: [...config.OUTBOUND_ALLOW_LOCAL, ...allowLocalOrigins] });
  app.decorate('outbound', outbound);
  app.decorate('paystack', createPaystackClient(app, app.metrics));
  app.decorate('sms', createSmsService(config, app.log, outbound, app.metrics));
  app.decorate('push', createPushService(config, app.log, outbound));
  app.decorate(
    'maps',
    createMaps(
      config,
      (err) => app.log.warn({ err }, 'Google Maps failed; using the straight-line estimate'),
      outbound.fetch,
    ),
  );
  app.decorate('pickupChannel', new PickupChannel(app));
  app.decorate('paymentHandlers', paymentHandlers());
  // The shop catalogue in memory: product, price and quota writes and orders drop it, on every instance.
  const catalogueCache = createCatalogueCache({ redis: app.redis, log: app.log });
  app.decorate('catalogueCache', catalogueCache);
  app.addHook('onClose', () => catalogueCache.close());
  app.decorate('orderLegs', orderLegs(catalogueCache));
  // The centers each instance remembers: forgotten on every instance when one is added or changed.
  const centers = centerNews({ redis: app.redis, log: app.log });
  app.decorate('centerNews', centers);
  app.addHook('onClose', () => centers.close());
  // Delivery changes, told after commit: the owner's socket hears them (and other areas may listen).
  app.decorate('deliveryNotices', new DeliveryNotices(app.log));
  publishDeliveryProgress(app);
  // …and the staff watching the board of the delivery's center.
  publishDispatchBoard(app);
  // The notification outbox's sender and the reminder job, reading cylinders and refills through these.
  registerNotificationRunner(app, { cylindersExpiringBy, refillsOf: paidRefillsOf });

  for (const { group, routes } of apiModules) {
    await app.register(routes, { prefix: `/api/${group}` });
  }
  if (config.sandbox) {
    // Never in production, unless a staging site opted in (config.ts refuses the rest).
    if (config.production) {
      app.log.warn(
        'ALLOW_SANDBOX_IN_PRODUCTION: this production server runs the Paystack emulator and sandbox routes; no real money moves. Never use it for real clients.',
      );
    }
    await app.register(async (sandbox) => {
      sandbox.addHook('onRequest', async (request) => {
        const route = request.routeOptions.url ?? '';
        if (route.startsWith('/api/dev/') || route.startsWith('/sandbox/paystack-control/')) {
          await app.requireSandboxOperator(request);
        }
      });
      await sandbox.register(devRoutes, { prefix: '/api/dev' });
      await sandbox.register(paystackEmulator, { prefix: '/sandbox' });
    });
  }
  await app.register(webAppPlugin);

  if (config.seedDemo) await seedDemo(database.db, app.log);
  return app;
}
