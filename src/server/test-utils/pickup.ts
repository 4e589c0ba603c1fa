// Helpers for the pickup suites and the bench: paid orders, staff on a shift, and socket clients
// that speak the typed protocol. Not used by the running app.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { DeliveryOption } from '../../domain/enums';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '../../domain/realtime-events';
import { orderItems, orders } from '../modules/order/tables';
import { products } from '../modules/product/tables';
import { shifts } from '../modules/shift/tables';
import { staff } from '../modules/staff/tables';

export type PickupSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const randomCode = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A paid order ready for pickup, inserted directly (the order area's own flow is tested there). */
export async function createPaidOrder(
  app: FastifyInstance,
  clientId: string,
  options: { deliveryOption?: DeliveryOption; nominee?: { name: string; phone: string }; paid?: boolean } = {},
) {
  const [product] = await app.db.select().from(products).limit(1);
  if (!product) throw new Error('the catalogue is empty: seed the demo data');
  const paid = options.paid ?? true;
  const [order] = await app.db
    .insert(orders)
    .values({
      orderNumber: `ARV-${randomCode(6)}`,
      orderPaymentNumber: `PAY-${randomCode(8)}`,
      clientId,
      type: 'Product',
      status: paid ? 'Paid' : 'Not Paid',
      paymentStatus: paid ? 'success' : 'pending',
      paymentType: paid ? 'Electronic' : null,
      deliveryOption: options.deliveryOption ?? (options.nominee ? 'PickUpBySomeOne' : 'PickerUP'),
      nomineeName: options.nominee?.name ?? null,
      nomineePhone: options.nominee?.phone ?? null,
      subtotal: product.price,
      total: product.price,
      pickupCode: randomCode(6),
      paidAt: paid ? new Date() : null,
    })
    .returning();
  if (!order) throw new Error('the order was not stored');
  await app.db.insert(orderItems).values({
    orderId: order.id,
    productId: product.id,
    name: product.name,
    unitPrice: product.price,
    quantity: 1,
    lineTotal: product.price,
  });
  return order;
}

/** Makes the client a current staff member (if not already) and starts a shift for them. */
export async function putOnShift(app: FastifyInstance, clientId: string): Promise<string> {
  let [member] = await app.db.select().from(staff).where(eq(staff.clientId, clientId));
  if (!member) {
    [member] = await app.db
      .insert(staff)
      .values({ clientId, role: 'Sales Associate', access: ['Staff'] })
      .returning();
  }
  if (!member) throw new Error('the staff record was not stored');
  await app.db.insert(shifts).values({ staffId: member.id });
  return member.id;
}

/** A connected socket of the pickup channel, authenticated by token (or by cookie header). */
export async function connectPickupSocket(
  url: string,
  auth: { token?: string; cookie?: string; platform?: 'mobile' | 'web' },
  timeoutMs = 5000,
  /** Attach listeners before the handshake, for events sent at connection. */
  beforeConnect?: (socket: PickupSocket) => void,
): Promise<PickupSocket> {
  const socket: PickupSocket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { ...(auth.token ? { token: auth.token } : {}), platform: auth.platform ?? 'web' },
    extraHeaders: auth.cookie ? { cookie: auth.cookie } : undefined,
    autoConnect: false,
  });
  beforeConnect?.(socket);
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket connect timed out')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
  return socket;
}

/** Resolves with the next `event` that matches, or rejects after the timeout (nothing hangs). */
export function nextEvent<E extends ServerEventName>(
  socket: PickupSocket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<ServerEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const listener = (payload: ServerEventPayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event as never, listener as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event as never, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event as never, listener as never);
  });
}

/** Records every event a socket receives, in order, for assertions on what did (not) arrive. */
export function recordEvents(socket: PickupSocket): { name: string; payload: unknown }[] {
  const seen: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => {
    seen.push({ name, payload });
  });
  return seen;
}

/** The access token inside a `arrive_at=…` cookie string. */
export const tokenOf = (cookie: string) => cookie.replace(/^arrive_at=/, '');
