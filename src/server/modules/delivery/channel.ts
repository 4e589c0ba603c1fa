import type { FastifyInstance } from 'fastify';
import { parseServerEvent } from '../../../domain/realtime-events';
import { rooms } from '../../plugins/realtime';
import { deliveryProgress } from './dispatch';

/**
 * Tells the order's owner, on their open sockets only (the client's room), that their delivery
 * moved. A socket whose session was signed out since it connected is closed instead of served,
 * as the pickup channel does for what a socket sends. Answers the function that stops it.
 */
export function publishDeliveryProgress(app: FastifyInstance): () => void {
  return app.deliveryNotices.on(async (change) => {
    // Nobody of the owner's is connected: nothing to read or send.
    const sockets = await app.io.in(rooms.client(change.delivery.clientId)).fetchSockets();
    if (sockets.length === 0) return;
    const progress = await deliveryProgress(app.db, { id: change.delivery.id }, app.config.GAS_CENTER_PHONE ?? null);
    if (!progress) return;
    const checked = parseServerEvent('deliveryProgress', progress);
    if (!checked.ok) {
      app.log.error({ problem: checked.message }, 'deliveryProgress payload broke its schema');
      return;
    }
    await Promise.all(
      sockets.map(async (socket) => {
        if (await app.sessionRevocation.isRevoked(socket.data.sessionId)) {
          socket.disconnect(true);
          return;
        }
        socket.emit('deliveryProgress', checked.data);
      }),
    );
  });
}
