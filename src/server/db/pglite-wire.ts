// PGlite answers PostgreSQL's wire protocol message by message (execProtocolRawStream). This serves
// that protocol on a local socket, so the server reaches its embedded database through node-postgres,
// the driver and code path it runs on PostgreSQL, while PGlite's work runs in a process of its own
// (db/pglite-process.ts) instead of stalling the server's requests and sockets.
//
// PGlite is one session: one connection is served at a time, and another waits until it closes
// (the server's pool holds one). A connection that closes has its transaction rolled back and its
// prepared statements dropped, so the next one starts as on a session of its own.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/** The untyped first messages of a connection (PostgreSQL's protocol, "Message Formats"). */
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** A Terminate message's type byte ('X'): the socket's close ends the connection here instead. */
const TERMINATE = 0x58;

export type WireServer = {
  readonly server: net.Server;
  /**
   * Runs `work` between two messages of the session while no transaction is open (at once when the
   * session is idle), holding every message back meanwhile: a snapshot of the data directory then
   * holds exactly the transactions committed before it.
   */
  outsideTransactions<T>(work: () => Promise<T>): Promise<T>;
  /** Stops listening and closes the connections; a transaction open on one is rolled back. */
  close(): Promise<void>;
};

/** The length of the first complete message in `buffer` (0 when incomplete). */
function messageLength(buffer: Buffer, started: boolean): number {
  if (!started) {
    if (buffer.length < 4) return 0;
    const length = buffer.readInt32BE(0);
    return buffer.length >= length ? length : 0;
  }
  if (buffer.length < 5) return 0;
  const length = 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : 0;
}

export function serveWire(db: PGlite): WireServer {
  let active: net.Socket | null = null;
  const waiting: net.Socket[] = [];
  const jobs: Array<() => Promise<void>> = [];
  let jobsRunning: Promise<void> | null = null;
  let pumping: Promise<void> | null = null;

  const runJobs = (): Promise<void> => {
    jobsRunning ??= (async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job();
    })().finally(() => {
      jobsRunning = null;
    });
    return jobsRunning;
  };
  /** Between two messages: waits for work under way, and starts what waits once no transaction is open. */
  const betweenMessages = async () => {
    if (jobsRunning) await jobsRunning;
    if (jobs.length > 0 && !db.isInTransaction()) await runJobs();
  };

  /**
   * What a connection leaves in the one session is undone before the next: its open transaction
   * and its prepared statements and settings (node-postgres names its prepared statements per
   * connection, so a new one would prepare the same names again).
   */
  const endSession = async () => {
    if (db.isInTransaction()) await db.exec('ROLLBACK').catch(() => {});
    await db.exec('DISCARD ALL').catch(() => {});
  };

  const attach = (socket: net.Socket) => {
    active = socket;
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let closed = false;

    const pump = async () => {
      for (;;) {
        await betweenMessages();
        if (closed) return;
        if (!started && buffer.length >= 8) {
          const code = buffer.readInt32BE(4);
          if (buffer.readInt32BE(0) === 8 && (code === SSL_REQUEST || code === GSS_REQUEST)) {
            socket.write('N');
            buffer = buffer.subarray(8);
            continue;
          }
          if (buffer.readInt32BE(0) === 16 && code === CANCEL_REQUEST) {
            buffer = buffer.subarray(16);
            continue;
          }
        }
        // Every complete message at once: PGlite runs them in one call (one query is five:
        // Parse, Bind, Describe, Execute, Sync), except the startup message, which goes alone.
        let length = 0;
        let terminate = false;
        for (;;) {
          const next = messageLength(buffer.subarray(length), started || length > 0);
          if (next === 0) break;
          if (started && buffer[length] === TERMINATE) {
            terminate = true;
            break;
          }
          length += next;
          if (!started) break;
        }
        if (length > 0) {
          const messages = new Uint8Array(buffer.subarray(0, length));
          buffer = buffer.subarray(length);
          started = true;
          // PGlite hands the replies over in pieces, each a view of its memory that the next one
          // reuses: copied, and written as one buffer (one system call, not one per piece).
          const replies: Buffer[] = [];
          try {
            await db.runExclusive(() =>
              db.execProtocolRawStream(messages, { onRawData: (data) => void replies.push(Buffer.from(data)) }),
            );
          } finally {
            if (!closed && replies.length > 0) socket.write(Buffer.concat(replies));
          }
        }
        if (terminate) {
          buffer = Buffer.alloc(0);
          closed = true;
          socket.end();
          return;
        }
        if (length === 0) return;
      }
    };
    const kick = () => {
      pumping ??= pump()
        .catch(() => {
          socket.destroy();
        })
        .finally(() => {
          pumping = null;
          // Data that arrived while the last message ran; work asked for meanwhile.
          if (!closed && messageLength(buffer, started) > 0) kick();
          else if (jobs.length > 0 && !db.isInTransaction()) void runJobs();
        });
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      kick();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      closed = true;
      void (async () => {
        if (pumping) await pumping.catch(() => {});
        await endSession();
        active = null;
        await betweenMessages();
        const next = waiting.shift();
        if (next) attach(next);
      })();
    });
  };

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    if (!active) {
      attach(socket);
      return;
    }
    // Its bytes stay in the socket until it is attached.
    waiting.push(socket);
    socket.once('close', () => {
      const at = waiting.indexOf(socket);
      if (at !== -1) waiting.splice(at, 1);
    });
  });

  return {
    server,
    outsideTransactions<T>(work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        jobs.push(() => work().then(resolve, reject));
        if (!pumping && !db.isInTransaction()) void runJobs();
      });
    },
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of [...waiting, ...(active ? [active] : [])]) socket.destroy();
      await closing;
      if (pumping) await pumping.catch(() => {});
      await endSession();
    },
  };
}
