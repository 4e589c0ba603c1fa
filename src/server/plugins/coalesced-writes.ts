import type { Socket as NetSocket } from 'node:net';

// Packets a connection is sent in one turn of the event loop leave in one write.
//
// Engine.IO writes each packet as it is emitted: a hand-over tells the counter two things at once
// (the answer and the approval), each its own WebSocket frame and its own system call, and the
// second waits until the first is written. A socket write (a system call) costs more CPU than
// everything else a confirmation does in the server. Here a connection's flush waits until the current turn's work is done (the
// synchronous emits and the promise continuations after them, such as an event's ack), then sends
// everything buffered with the TCP socket corked, so the frames go out in one write, in order.
// This relies on Engine.IO's `flush()` and on its WebSocket transport's `socket._socket` (ws's
// net.Socket), as Engine.IO 6.6 has them: without `flush()` the connection is left as it is, and
// without the TCP socket (long-polling) the turn's packets still leave in one flush, uncorked.
// `coalesced-writes.test.ts` fails if an upgrade moves them.

/** The part of an Engine.IO connection this touches. */
type EngineConnection = {
  flush: () => void;
  transport?: { name?: string; socket?: { _socket?: unknown } };
};

function tcpSocketOf(conn: EngineConnection): NetSocket | null {
  const raw = conn.transport?.name === 'websocket' ? conn.transport.socket?._socket : undefined;
  return raw && typeof (raw as NetSocket).cork === 'function' ? (raw as NetSocket) : null;
}

/** Makes `conn` (an Engine.IO socket, from `io.engine.on('connection')`) flush once per turn. */
export function coalesceWrites(conn: EngineConnection): boolean {
  if (typeof conn.flush !== 'function') return false;
  const flushNow = conn.flush.bind(conn);
  let scheduled = false;
  conn.flush = () => {
    if (scheduled) return;
    scheduled = true;
    process.nextTick(() => {
      scheduled = false;
      const tcp = tcpSocketOf(conn);
      if (!tcp) {
        flushNow();
        return;
      }
      tcp.cork();
      try {
        flushNow();
      } finally {
        tcp.uncork();
      }
    });
  };
  return true;
}
