// A turn's packets to one device leave in one write, in order, and a packet sent later in a
// later write. Counts the writes on the server's own TCP socket of a real Socket.IO connection,
// so it also fails if an Engine.IO upgrade moves what coalesced-writes.ts relies on.
import type { Socket as NetSocket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectPickupSocket, type PickupSocket } from '../test-utils/pickup';
import { buildTestApp, signInAs } from '../test-utils/test-app';
import { rooms } from './realtime';

let app: FastifyInstance;
let socket: PickupSocket;
let clientId: string;
let tcp: NetSocket;

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const session = await signInAs(app, '08039971001');
  clientId = session.clientId;
  socket = await connectPickupSocket(`http://127.0.0.1:${address.port}`, { cookie: session.cookie });
  const [server] = app.io.sockets.sockets.values();
  if (!server) throw new Error('the socket is not connected on the server');
  const raw = (server.conn as unknown as { transport: { name: string; socket: { _socket: NetSocket } } }).transport;
  expect(raw.name).toBe('websocket');
  tcp = raw.socket._socket;
});

afterAll(async () => {
  socket?.close();
  await app?.close();
});

/** Counts the writes the TCP socket makes to the system (one per `_write`, one per `_writev`). */
function countWrites(): { count: () => number; restore: () => void } {
  let n = 0;
  const target = tcp as unknown as { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
  const write = target._write;
  const writev = target._writev;
  target._write = function (this: unknown, ...args: unknown[]) {
    n++;
    return write.apply(this, args);
  };
  target._writev = function (this: unknown, ...args: unknown[]) {
    n++;
    return writev.apply(this, args);
  };
  return {
    count: () => n,
    restore: () => {
      target._write = write;
      target._writev = writev;
    },
  };
}

function received(n: number): Promise<string[]> {
  const seen: string[] = [];
  return new Promise((resolve) => {
    const on = (_event: string, payload: { message: string }) => {
      seen.push(payload.message);
      if (seen.length === n) {
        socket.offAny(on);
        resolve(seen);
      }
    };
    socket.onAny(on);
  });
}

it('three events sent in one turn reach the device in one write, in order', async () => {
  const writes = countWrites();
  try {
    const arrived = received(3);
    const room = app.io.to(rooms.client(clientId)) as unknown as { emit: (e: string, p: unknown) => void };
    for (const message of ['one', 'two', 'three']) room.emit('pickupError', { event: 'test', message });
    expect(await arrived).toEqual(['one', 'two', 'three']);
    expect(writes.count()).toBe(1);
  } finally {
    writes.restore();
  }
});

it('an event sent after an await in the same chain (an ack after a database answer) joins the write; a later turn writes again', async () => {
  const writes = countWrites();
  try {
    const arrived = received(3);
    const room = app.io.to(rooms.client(clientId)) as unknown as { emit: (e: string, p: unknown) => void };
    await Promise.resolve().then(() => room.emit('pickupError', { event: 'test', message: 'a' }));
    room.emit('pickupError', { event: 'test', message: 'b' });
    await new Promise((resolve) => setImmediate(resolve));
    room.emit('pickupError', { event: 'test', message: 'c' });
    expect(await arrived).toEqual(['a', 'b', 'c']);
    expect(writes.count()).toBe(2);
  } finally {
    writes.restore();
  }
});
