import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { ErrorType } from '../../domain/errors';
import {
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
  socketAuthSchema,
} from '../../domain/realtime-events';
import { coalesceWrites } from './coalesced-writes';
import { ACCESS_COOKIE, readAccessToken } from './session';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server of the pickup channel (path /socket.io). */
    io: RealtimeServer;
  }
}

/**
 * Room names: every device of a client, every device of a staff member, everyone following an
 * order, the staff watching a gas center's dispatch board, and those watching every center's.
 */
export const rooms = {
  client: (clientId: string) => `client:${clientId}`,
  staff: (staffId: string) => `staff:${staffId}`,
  order: (orderId: string) => `order:${orderId}`,
  centerBoard: (centerId: string) => `board:${centerId}`,
  everyBoard: 'board:all',
} as const;

/**
 * A browser page from another site must not open the channel with the user's cookies: the
 * handshake's Origin, when there is one, is this site (the public URL or the host it was sent to).
 * Clients without an Origin (native apps, tests, the bench) authenticate with their token anyway.
 */
function sameOrigin(publicUrl: string, req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  const host = req.headers.host;
  return origin === publicUrl || (!!host && (origin === `http://${host}` || origin === `https://${host}`));
}

/**
 * Socket.IO on the app's own HTTP server; with REDIS_URL, instances share rooms through Redis.
 * The handshake is authenticated here (the session cookie `arrive_at`, or `auth.token`); the
 * pickup module registers the event handlers.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: app.config.publicUrl, credentials: true },
    allowRequest: (req, callback) => {
      const ok = sameOrigin(app.config.publicUrl, req);
      callback(ok ? null : 'Origin not allowed', ok);
    },
    // A phone that loses its data sends no goodbye: the heartbeat is what tells the counter that
    // the client's phone is gone (and to text a code instead), within about 20 s. A pong has 10 s
    // to arrive, which a 2G round trip of a few hundred ms keeps well inside.
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });
  // A turn's packets to one device leave in one write (coalesced-writes.ts).
  io.engine.on('connection', coalesceWrites);
  if (app.redis) {
    // The shared client is lazy and has no offline queue (rate limits fail open); the adapter's
    // pair must connect now and queue while reconnecting, or broadcasts and subscriptions are lost.
    const pub = app.redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
    const sub = app.redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null });
    for (const client of [pub, sub]) {
      client.on('error', (err) => app.log.warn({ err: err.message }, 'redis adapter error'));
    }
    io.adapter(createAdapter(pub, sub, { requestsTimeout: 3000 }));
    app.addHook('onClose', async () => {
      // Unsubscribe, then QUIT (which waits for the replies in flight): a plain disconnect
      // rejects the adapter's pending commands, which nobody awaits.
      await Promise.resolve(io.of('/').adapter.close()).catch(() => {});
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    });
  }

  const refuse = (next: (err?: Error) => void, type: string, message: string) => {
    const err = new Error(type) as Error & { data?: unknown };
    err.data = { type, status: 401, message };
    next(err);
  };
  let lastCheckWarning = 0;
  io.use(async (socket, next) => {
    const auth = socketAuthSchema.safeParse(socket.handshake.auth ?? {});
    const cookieHeader = socket.handshake.headers.cookie;
    const cookies = cookieHeader ? app.parseCookie(cookieHeader) : {};
    const token = (auth.success ? auth.data.token : undefined) || cookies[ACCESS_COOKIE];
    const { auth: session, problem } = readAccessToken(app.config.SESSION_SECRET, token);
    if (!session) {
      const type = problem ?? ErrorType.UnAuthorized;
      refuse(next, type, type === 'TokenExpired' ? 'Your session has expired' : 'Please sign in');
      return;
    }
    // A signed-out session may not open the channel its token still names (staff act over it).
    let revoked: boolean;
    try {
      revoked = await app.sessionRevocation.isRevoked(session.sessionId);
    } catch (err) {
      // The database did not answer in time (a reconnect storm queues every handshake on the
      // pool). Dropping the connection lets the client retry after its back-off; a refusal would
      // stop its retries, and an error thrown here would end the process.
      if (Date.now() - lastCheckWarning > 10_000) {
        lastCheckWarning = Date.now();
        app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'socket session check failed');
      }
      socket.conn.close();
      refuse(next, ErrorType.Unknown, 'The server is busy. Please try again.');
      return;
    }
    if (revoked) {
      refuse(next, ErrorType.TokenVerificationError, 'Your session has ended. Please sign in again.');
      return;
    }
    socket.data = {
      clientId: session.clientId,
      sessionId: session.sessionId,
      platform: auth.success ? auth.data.platform : 'web',
    };
    next();
  });

  app.decorate('io', io);
  app.addHook('preClose', async () => {
    // Only this instance's sockets; the HTTP server itself is fastify's to close.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
});
