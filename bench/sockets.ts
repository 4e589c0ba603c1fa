// Many Socket.IO clients connected at once to the pickup channel.
import { io, type Socket } from 'socket.io-client';

export type SocketFigures = { connected: number; failed: number; connectMs: number; p99ConnectMs: number };

export async function connectMany(
  url: string,
  count: number,
  token: string,
  batch = 100,
): Promise<{ sockets: Socket[]; figures: SocketFigures }> {
  const sockets: Socket[] = [];
  const times: number[] = [];
  let failed = 0;
  const started = Date.now();
  for (let i = 0; i < count; i += batch) {
    const size = Math.min(batch, count - i);
    await Promise.all(
      Array.from({ length: size }, () => {
        const t0 = Date.now();
        const socket = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token, platform: 'web' },
          reconnection: false,
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
