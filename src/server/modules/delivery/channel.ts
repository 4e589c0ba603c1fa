import type { FastifyInstance } from 'fastify';
import { parseServerEvent, type ServerEventPayload } from '../../../domain/realtime-events';
import { rooms } from '../../plugins/realtime';
import { knownCenters } from '../centers';
import { deliveryOfOrder, deliveryProgress } from './dispatch';

type Socket = Awaited<ReturnType<FastifyInstance['io']['fetchSockets']>>[number];

/** Serves each socket whose session is still signed in; one signed out since it connected is closed instead. */
async function serveSignedIn(app: FastifyInstance, sockets: Socket[], serve: (socket: Socket) => void): Promise<void> {
  await Promise.all(
    sockets.map(async (socket) => {
      if (await app.sessionRevocation.isRevoked(socket.data.sessionId)) {
        socket.disconnect(true);
        return;
      }
      serve(socket);
    }),
  );
}

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
    await serveSignedIn(app, sockets, (socket) => socket.emit('deliveryProgress', checked.data));
  });
}

/**
 * The caller's open sockets (every device of theirs, on any instance) follow the board they just
 * read: its center's room, or every center's (null), and leave the other boards' rooms. Joined
 * by the board's read, so only as long as its guard lets them read it; a read again (every
 * reconnection reads the board) follows again. Never fails the read: without a socket, the board
 * still reads itself again now and then.
 */
export async function followBoard(app: FastifyInstance, clientId: string, centerId: string | null): Promise<void> {
  const room = centerId === null ? rooms.everyBoard : rooms.centerBoard(centerId);
  try {
    // Without Redis this instance's rooms are all there is: a board read again by a caller whose
    // sockets (if any) follow it already changes nothing. With Redis, other instances' sockets
    // may not, so every read tells them.
    if (!app.redis && followsAlready(app, clientId, room)) return;
    const theirs = app.io.in(rooms.client(clientId));
    const others = (await knownCenters(app.db)).map((c) => rooms.centerBoard(c.id));
    const leave = [rooms.everyBoard, ...others].filter((r) => r !== room);
    await theirs.socketsLeave(leave);
    await theirs.socketsJoin(room);
  } catch (err) {
    app.log.warn({ err }, 'the board could not be followed live');
  }
}

/** Whether each of the client's sockets on this instance is in `room` and in no other board's. */
function followsAlready(app: FastifyInstance, clientId: string, room: string): boolean {
  const { rooms: members, sids } = app.io.of('/').adapter;
  const boardRoom = rooms.centerBoard('');
  for (const id of members.get(rooms.client(clientId)) ?? []) {
    const joined = sids.get(id);
    if (!joined?.has(room)) return false;
    for (const other of joined) {
      if (other !== room && (other === rooms.everyBoard || other.startsWith(boardRoom))) return false;
    }
  }
  return true;
}

type BoardChange = ServerEventPayload<'dispatchBoardChanged'>;

/**
 * Tells the staff watching a center's board (and those watching every center's) that one of its
 * deliveries changed: paid, assigned, moved or cancelled. A rider's position alone is not a change
 * of the board. The event says only which delivery, so the board reads itself again; a socket
 * whose session was signed out since it connected is closed instead of served. Answers the
 * function that stops it.
 */
export function publishDispatchBoard(app: FastifyInstance): () => void {
  const tell = async (change: BoardChange) => {
    const checked = parseServerEvent('dispatchBoardChanged', change);
    if (!checked.ok) {
      app.log.error({ problem: checked.message }, 'dispatchBoardChanged payload broke its schema');
      return;
    }
    const sockets = await app.io.in([rooms.centerBoard(change.centerId), rooms.everyBoard]).fetchSockets();
    await serveSignedIn(app, sockets, (socket) => socket.emit('dispatchBoardChanged', checked.data));
  };
  const stopChanges = app.deliveryNotices.on(async (change) => {
    if (change.positionOnly || !change.centerId) return;
    const { status } = change.delivery;
    await tell({
      centerId: change.centerId,
      deliveryId: change.delivery.id,
      status,
      reason: status === 'Cancelled' ? 'cancelled' : change.assigned ? 'assigned' : 'step',
    });
  });
  const stopPaid = app.deliveryNotices.onOrderPaid(async (paid) => {
    const [row] = await deliveryOfOrder(app.db, paid);
    if (!row) return;
    await tell({ centerId: row.centerId, deliveryId: row.id, status: row.status, reason: 'paid' });
  });
  return () => {
    stopChanges();
    stopPaid();
  };
}
