// Many Socket.IO clients connected at once to the pickup channel.
import { io, type Socket } from 'socket.io-client';

export type SocketFigures = { connected: number; failed: number; connectMs: number; p99ConnectMs: number };

export async function connectMany(
  url: string,
  count: number,
  /** One token for all, or the i-th socket's token. */
  token: string | ((i: number) => string),
  options: {
    batch?: number;
    /** Reconnect after a drop as the app does (the fault scenarios); off by default. */
    reconnection?: boolean;
    /** The i-th socket's server, when they are spread over several instances. */
    urlOf?: (i: number) => string;
  } = {},
): Promise<{ sockets: Socket[]; figures: SocketFigures }> {
  const batch = options.batch ?? 100;
  const sockets: Socket[] = [];
  const times: number[] = [];
  let failed = 0;
  const started = Date.now();
  for (let i = 0; i < count; i += batch) {
    const size = Math.min(batch, count - i);
    await Promise.all(
      Array.from({ length: size }, (_, j) => {
        const t0 = Date.now();
        const n = i + j;
        const socket = io(options.urlOf?.(n) ?? url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: typeof token === 'string' ? token : token(n), platform: 'web' },
          reconnection: options.reconnection ?? false,
          forceNew: true,
          timeout: 20_000,
        });
        sockets.push(socket);
        return new Promise<void>((resolve) => {
          socket.once('connect', () => {
            times.push(Date.now() - t0);
            resolve();
          });
          socket.once('connect_error', () => {
            failed++;
            resolve();
          });
        });
      }),
    );
  }
  times.sort((a, b) => a - b);
  return {
    sockets,
    figures: {
      connected: times.length,
      failed,
      connectMs: Date.now() - started,
      p99ConnectMs: times[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? 0,
    },
  };
}
