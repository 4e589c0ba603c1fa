import type { ClientEventInput, ClientEventName, SocketAck } from '../../domain/realtime-events';
import { getSocket } from './socket';

/** How long an event waits for the server's acknowledgement before the screen offers a retry. */
export const ACK_TIMEOUT_MS = 8000;

/**
 * Sends a pickup event and waits for the server's answer. Answers null when the socket is not
 * connected or the server did not answer in time (the caller falls back to HTTP or says so).
 */
export async function emitWithAck<E extends ClientEventName>(
  event: E,
  payload: ClientEventInput<E>,
): Promise<SocketAck | null> {
  const socket = getSocket();
  if (!socket.connected) return null;
  try {
    const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as {
      emitWithAck: (e: E, p: ClientEventInput<E>) => Promise<SocketAck>;
    };
    // Called on its object: the method needs its `this`.
    return await timed.emitWithAck(event, payload);
  } catch {
    return null;
  }
}
