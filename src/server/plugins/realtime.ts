import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server of the pickup channel (path /socket.io). */
    io: Server;
  }
}

/** Socket.IO on the app's own HTTP server; with REDIS_URL, instances share rooms through Redis. */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: app.config.publicUrl, credentials: true },
  });
  if (app.redis) {
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      pub.disconnect();
      sub.disconnect();
    });
  }
  app.decorate('io', io);
  app.addHook('preClose', async () => {
    // Only this instance's sockets; the HTTP server itself is fastify's to close.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
});
