import { io, type Socket } from 'socket.io-client';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '../../domain/constants';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '../../domain/realtime-events';
import { api } from './api-client';
import { checkedEvents } from './checked-events';

// The real-time pickup channel: one socket per page, with the cookies (and a token
// when the app has one), `auth: {token, platform}`, 5 reconnection attempts 2 s apart, and the
// listeners attached again on every connect. Every payload is checked against its schema before
// a listener sees it; the schemas are loaded with the first event (checked-events.ts).

export type PickupSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** idle: never asked to connect; failed: the retries ran out; unauthorized: no valid session. */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'unauthorized';

/** The platform: mobile when the user agent contains Mobi or Android, otherwise web. */
export const detectPlatform = (userAgent: string = globalThis.navigator?.userAgent ?? ''): 'mobile' | 'web' =>
  /Mobi|Android/.test(userAgent) ? 'mobile' : 'web';

type AnyListener = (payload: never) => void;

let socket: PickupSocket | null = null;
let status: SocketStatus = 'idle';
let token: string | undefined;
let refreshedOnce = false;
const statusListeners = new Set<() => void>();
/** The app's listeners, by event; re-attached to the socket on every connect. */
const listeners = new Map<ServerEventName, Set<AnyListener>>();
/** The wrappers actually attached to the socket, so they can be detached exactly. */
const attached = new Map<ServerEventName, (payload: unknown) => void>();

function setStatus(next: SocketStatus) {
  if (status === next) return;
  status = next;
  for (const notify of statusListeners) notify();
}

const incoming = checkedEvents(
  () => import('../../domain/realtime-events').then((events) => events.parseServerEvent),
  (event, data) => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: unknown) => void)(data);
  },
  (event, message) => console.warn(`pickup channel: ignored a malformed ${event}`, message),
);

function dispatcher(event: ServerEventName) {
  return (payload: unknown) => incoming.receive(event, payload);
}

/** Detach and attach every registered listener (on every connect). */
function reattachListeners(target: PickupSocket) {
  const raw = target as unknown as {
    on: (e: string, f: (p: unknown) => void) => void;
    off: (e: string, f: (p: unknown) => void) => void;
  };
  for (const [event, wrapper] of attached) raw.off(event, wrapper);
  attached.clear();
  for (const event of listeners.keys()) {
    const wrapper = dispatcher(event);
    attached.set(event, wrapper);
    raw.on(event, wrapper);
  }
}

function create(): PickupSocket {
  const origin = globalThis.location?.origin ?? 'http://localhost:8080';
  const created: PickupSocket = io(origin, {
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    // Straight to a WebSocket: one request instead of the long-polling handshake, its polls and
    // the upgrade (each carrying the cookies), which a phone on a data plan pays for on every
    // screen that listens. Where a network blocks WebSockets, long-polling is tried next.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // A function, so every (re)connection sends the current token and platform.
    auth: (cb) => cb({ ...(token ? { token } : {}), platform: detectPlatform() }),
    reconnection: true,
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MS,
    randomizationFactor: 0,
    timeout: 10_000,
  });
  created.on('connect', () => {
    refreshedOnce = false;
    reattachListeners(created);
    setStatus('connected');
    if (eventsAwaited) incoming.prepare();
  });
  created.on('disconnect', (reason) => {
    // The server or this page closed it on purpose: no automatic retry follows.
    if (reason === 'io server disconnect' || reason === 'io client disconnect') setStatus('idle');
    else setStatus('reconnecting');
  });
  created.io.on('reconnect_attempt', () => setStatus('reconnecting'));
  created.io.on('reconnect_failed', () => setStatus('failed'));
  created.on('connect_error', (err: Error & { data?: { type?: string } }) => {
    const type = err.data?.type ?? err.message;
    if (type === 'TokenExpired' && !refreshedOnce) {
      // The access cookie ran out: an API call refreshes it (the client does that on 401), then retry.
      refreshedOnce = true;
      void api
        .get('auth/cookie_auth')
        .then(() => created.connect())
        .catch(() => setStatus('unauthorized'));
      return;
    }
    if (type === 'UnAuthorized' || type === 'TokenVerificationError' || type === 'TokenExpired') {
      setStatus('unauthorized');
      return;
    }
    // Socket.IO retries by itself (reconnection); this only shows the state.
    if (!created.active) setStatus('failed');
    else setStatus('reconnecting');
  });
  return created;
}

/** The page's socket (created on first use, not connected until `connectSocket`). */
export function getSocket(): PickupSocket {
  socket ??= create();
  return socket;
}

/** Connects (or reconnects after the retries ran out); a token is only for clients without cookies. */
export function connectSocket(options: { token?: string } = {}): PickupSocket {
  if (options.token !== undefined) token = options.token;
  const s = getSocket();
  if (!s.connected) {
    setStatus('connecting');
    s.connect();
  }
  return s;
}

/** Closes the socket (sign-out, another account). */
export function disconnectSocket(): void {
  socket?.disconnect();
  setStatus('idle');
}

/** Listens to a server event with a validated payload; answers the function that stops listening. */
export function onServerEvent<E extends ServerEventName>(
  event: E,
  listener: (payload: ServerEventPayload<E>) => void,
): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener as AnyListener);
  if (socket && !attached.has(event)) {
    const wrapper = dispatcher(event);
    attached.set(event, wrapper);
    (socket as unknown as { on: (e: string, f: (p: unknown) => void) => void }).on(event, wrapper);
  }
  return () => {
    set.delete(listener as AnyListener);
  };
}

/** Whether a screen waits for an event: the events' check is then loaded once the channel is up. */
let eventsAwaited = false;

/**
 * For a screen opened to wait for an event (the client's pickup screen, the pickup desk): the
 * check of the server's events is loaded as soon as the channel connects (on a client's phone,
 * once the page is idle), so that event is not held while the check's code comes
 * (lib/checked-events.ts).
 */
export function prepareServerEvents(): void {
  eventsAwaited = true;
  if (status === 'connected') incoming.prepare();
}

export function getSocketStatus(): SocketStatus {
  return status;
}

export function subscribeSocketStatus(onChange: () => void): () => void {
  statusListeners.add(onChange);
  return () => statusListeners.delete(onChange);
}
