// The real-time pickup channel: every event name keeps its established spelling (odd casing
// included, both ends rely on it), each with a zod schema that both ends validate at runtime. Some names travel both
// ways (a staff asks the server to `pingClient`, the server then sends `pingClient` to the owner);
// each direction has its own map and its own payload.
//
// The protocol, in short (the server keeps every pending request in the database, so the staff
// and the client may be connected to different instances):
//   staff  → requestConfirmationStaff {orderId}            refusals: StaffCheckError, orderNotFound,
//            PickupEligibilityStatus, OrderAlreadyPickup, staffApproveOwnOrder, duplicatedRequest,
//            staffBusy, requestConfirmationError
//   server → staff requestConfirmationStaff {pickup}       the request is open, with its expiry
//          → client requestPickupConfirmation {pickup}     (or staff clientOffLine when not connected;
//            the request waits and is delivered when the client comes back: ClientBackOnline)
//   client → pingStaff {pickupId}                          the prompt is on screen → staff pingStaff
//   client → pickupConfirmationResponse {pickupId, action} Approve or Rejected
//   server → staff pickupConfirmationResponseStaff, and on approval StaffConfirmApproval (the
//            order is Delivered, exactly once) and client staffConfirm; client pickupConfirmationResponse
//   waits  → ClientDelayResponse, then CancelWarning, then ClientRequestCancelled (expired);
//            pingClient / pingClientResponse / pingClientNoResponse check a slow client;
//            ClientOffLine when the client drops while a request waits.
//   staff  → StaffCancelRequest {pickupId}                 → client ClientRequestCancelled
import { z } from 'zod';
import {
  deliveryOptionValues,
  deliveryStatusValues,
  orderPickUpDisputeValues,
  pickupConfirmationActionValues,
  pickupEligibilityStatusValues,
  pickupStatusValues,
} from './enums';
import { deliveryProgressSchema } from './schemas/delivery';
import { findUnstorableText } from './storable-text';

/** How long the server waits at each step; every wait ends, so nothing hangs. */
export const PICKUP_TIMINGS = {
  /** A confirmation request expires when the client has not answered by then. */
  confirmationTimeoutMs: 90_000,
  /** The staff is told the client is slow after this long without an answer. */
  clientDelayMs: 20_000,
  /** Both sides are warned this long before the request expires. */
  cancelWarningBeforeMs: 15_000,
  /** A pingClient without a pingClientResponse by then gives pingClientNoResponse. */
  pingTimeoutMs: 5_000,
} as const;
export type PickupTimings = { -readonly [K in keyof typeof PICKUP_TIMINGS]: number };

/** `auth` of the socket handshake: the token is optional when the session cookie is sent. */
export const socketAuthSchema = z.object({
  token: z.string().max(2000).optional(),
  platform: z.enum(['mobile', 'web']).default('web'),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;

const id = z.uuid();
const isoDate = z.string().min(1);
const message = z.string().min(1);

const pickupRef = z.object({ pickupId: id, orderId: id, orderNumber: z.string() });

/** An open confirmation request as both ends see it. */
export const pickupRequestSchema = pickupRef.extend({
  status: z.enum(pickupStatusValues),
  requestedAt: isoDate,
  expiresAt: isoDate,
  /** Kobo. */
  total: z.number().int(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), sizeKg: z.number().nullable() })),
  deliveryOption: z.enum(deliveryOptionValues),
  /** For PickUpBySomeOne: who is at the counter on the owner's behalf. */
  nomineeName: z.string().nullable(),
  staffName: z.string(),
});
export type PickupRequest = z.infer<typeof pickupRequestSchema>;

const refusal = z.object({ orderId: id.optional(), pickupId: id.optional(), message });

// ───────────────────────── server → client (and staff) ─────────────────────────

export const serverToClientSchemas = {
  // Staff side
  /** The request is open and was sent to the client. */
  requestConfirmationStaff: pickupRequestSchema.extend({ clientOnline: z.boolean() }),
  /** The client's phone is not connected; the request waits until it expires. */
  clientOffLine: pickupRef.extend({ expiresAt: isoDate, message }),
  /** The client dropped while a request was waiting. */
  ClientOffLine: pickupRef.extend({ message }),
  /** The client reconnected and was shown the waiting request again. */
  ClientBackOnline: pickupRef,
  /** The client has the prompt on screen. */
  pingStaff: pickupRef.extend({ at: isoDate }),
  /** The client answered a ping. */
  pingClientResponse: pickupRef.extend({ at: isoDate }),
  /** The client did not answer a ping in time. */
  pingClientNoResponse: pickupRef.extend({ waitedMs: z.number().int(), message }),
  /** No answer yet after a while. */
  ClientDelayResponse: pickupRef.extend({ waitedMs: z.number().int(), expiresAt: isoDate, message }),
  /** The client's decision. */
  pickupConfirmationResponseStaff: pickupRef.extend({
    action: z.enum(pickupConfirmationActionValues),
    status: z.enum(pickupStatusValues),
    dispute: z.enum(orderPickUpDisputeValues),
    message,
  }),
  /** Approved: the order is Delivered; hand the order over. */
  StaffConfirmApproval: pickupRef.extend({ deliveredAt: isoDate, nomineeName: z.string().nullable() }),
  /** The staff's cancellation was recorded. */
  StaffCancelRequest: pickupRef.extend({ status: z.enum(pickupStatusValues) }),
  /** The staff already has an open request for another order. */
  staffBusy: refusal.extend({ pendingPickupId: id, pendingOrderNumber: z.string() }),
  /** A staff member cannot hand over their own order. */
  staffApproveOwnOrder: refusal,
  /** Not a current staff member, or not on a shift. */
  StaffCheckError: refusal.extend({
    /** OtherCenter: the order is collected at another gas center than the one of the staff's shift. */
    reason: z.enum(['NotStaff', 'NotCurrentStaff', 'MissingAccess', 'NoActiveShift', 'OtherCenter']),
  }),
  /** A request for this order is already open (at this counter or another). */
  duplicatedRequest: refusal.extend({ pickupId: id, sameStaff: z.boolean() }),
  /** The order was handed over already. */
  OrderAlreadyPickup: refusal.extend({ orderNumber: z.string().optional(), deliveredAt: isoDate.nullable() }),
  /** The order is not eligible (./pickup-eligibility.ts), with the verdict. */
  PickupEligibilityStatus: refusal.extend({
    orderNumber: z.string().optional(),
    status: z.enum(pickupEligibilityStatusValues),
  }),
  /** The client's app reported a failure with the prompt. */
  ClientExperiencingError: pickupRef.extend({ message }),
  requestConfirmationError: refusal,
  orderNotFound: refusal,

  // Client side
  /** Please confirm: someone is collecting your order at the counter. */
  requestPickupConfirmation: pickupRequestSchema,
  /** Are you there? Answer with pingClientResponse. */
  pingClient: pickupRef.extend({ pingId: z.string().min(1) }),
  /** The decision was recorded (or refused, with the reason). */
  pickupConfirmationResponse: pickupRef.extend({
    action: z.enum(pickupConfirmationActionValues),
    status: z.enum(pickupStatusValues),
    message,
  }),
  /** The order was handed over. */
  staffConfirm: pickupRef.extend({ deliveredAt: isoDate }),
  /** The request is closed without a decision: the staff cancelled it, or it expired. */
  ClientRequestCancelled: pickupRef.extend({
    reason: z.enum(['StaffCancelled', 'StaffRejected', 'Expired']),
    message,
  }),
  /** The request expires soon. */
  CancelWarning: pickupRef.extend({ expiresAt: isoDate, secondsLeft: z.number().int(), message }),

  // Client side: home delivery (not a pickup event; sent only to the order owner's devices)
  /** The delivery of one of my orders moved, or its rider shared where they are. */
  deliveryProgress: deliveryProgressSchema,

  // Staff side: the dispatch board (sent to those who read the board of the delivery's center)
  /**
   * A delivery of a center's board changed: paid (it joins the board), assigned, moved or
   * cancelled. Only what tells the board to read itself again; the board's read is the truth.
   */
  dispatchBoardChanged: z.object({
    centerId: id,
    deliveryId: id,
    status: z.enum(deliveryStatusValues),
    reason: z.enum(['paid', 'assigned', 'step', 'cancelled']),
  }),

  // Both
  /** Something went wrong handling an event (bad payload, server failure). */
  pickupError: z.object({ event: z.string(), message, pickupId: id.optional(), orderId: id.optional() }),
} as const;

// ───────────────────────── client (browser) → server ─────────────────────────

export const clientToServerSchemas = {
  /** Staff: ask the owner to confirm. For PickUpBySomeOne orders the staff first checks the nominee's ID. */
  requestConfirmationStaff: z.object({ orderId: id, nomineeVerified: z.boolean().optional() }),
  /** Staff: withdraw the request; `reject` refuses the hand-over (e.g. the nominee's ID did not match). */
  StaffCancelRequest: z.object({
    pickupId: id,
    reason: z.enum(['cancel', 'reject']).default('cancel'),
  }),
  /** Staff: check that the client's phone still answers. */
  pingClient: z.object({ pickupId: id }),
  /** Client: the prompt is on screen. */
  pingStaff: z.object({ pickupId: id }),
  /** Client: answer to pingClient. */
  pingClientResponse: z.object({ pickupId: id, pingId: z.string().min(1).max(100) }),
  /** Client: the decision. A rejection may raise a dispute (someone else is claiming my order). */
  pickupConfirmationResponse: z.object({
    pickupId: id,
    action: z.enum(['Approve', 'Rejected']),
    dispute: z.enum(['SomeOneElseClaim', 'InvalidPickup']).optional(),
  }),
  /** Client: the app failed to handle the request (the staff is told). */
  ClientExperiencingError: z.object({ pickupId: id, message: z.string().max(300).default('The app had a problem') }),
} as const;

/** The answer to every client → server event, through Socket.IO's acknowledgement. */
export const socketAckSchema = z.object({
  ok: z.boolean(),
  /** On refusal, the server event that was also emitted (e.g. 'duplicatedRequest'). */
  event: z.string().optional(),
  pickupId: z.string().optional(),
  message: z.string().optional(),
});
export type SocketAck = z.infer<typeof socketAckSchema>;

type S2CSchemas = typeof serverToClientSchemas;
type C2SSchemas = typeof clientToServerSchemas;

export type ServerEventName = keyof S2CSchemas;
export type ClientEventName = keyof C2SSchemas;
export type ServerEventPayload<E extends ServerEventName> = z.infer<S2CSchemas[E]>;
/** What a sender passes (defaults may be left out). */
export type ClientEventInput<E extends ClientEventName> = z.input<C2SSchemas[E]>;
/** What the server works with after validation. */
export type ClientEventPayload<E extends ClientEventName> = z.infer<C2SSchemas[E]>;

/** Socket.IO's typed map of what the server emits. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };
/** Socket.IO's typed map of what browsers emit; every event may carry an acknowledgement. */
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientEventInput<E>, ack?: (result: SocketAck) => void) => void;
};
export type InterServerEvents = Record<string, never>;
/** What the server keeps on each socket after the handshake. */
export type SocketData = { clientId: string; sessionId: string; platform: 'mobile' | 'web' };

export const serverEventNames = Object.keys(serverToClientSchemas) as ServerEventName[];
export const clientEventNames = Object.keys(clientToServerSchemas) as ClientEventName[];

/** Every event name of the pickup hand-over, as spelt on the wire. */
export const PICKUP_EVENTS = [
  'requestConfirmationStaff',
  'requestPickupConfirmation',
  'pingClient',
  'pingClientNoResponse',
  'pingStaff',
  'staffBusy',
  'staffConfirm',
  'clientOffLine',
  'pingClientResponse',
  'pickupConfirmationResponse',
  'pickupConfirmationResponseStaff',
  'requestConfirmationError',
  'orderNotFound',
  'pickupError',
  'ClientDelayResponse',
  'ClientBackOnline',
  'ClientRequestCancelled',
  'ClientOffLine',
  'CancelWarning',
  'StaffCancelRequest',
  'staffApproveOwnOrder',
  'StaffCheckError',
  'StaffConfirmApproval',
  'duplicatedRequest',
  'ClientExperiencingError',
  'OrderAlreadyPickup',
  'PickupEligibilityStatus',
] as const;

/** Events beyond the pickup hand-over (each for its own feature). */
export const PRODUCT_EVENTS = ['deliveryProgress', 'dispatchBoardChanged'] as const;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

function parseWith<T>(schema: z.ZodType<T>, payload: unknown): ParseResult<T> {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true, data: result.data };
  const first = result.error.issues[0];
  const where = first?.path.length ? ` '${first.path.join('.')}'` : '';
  return { ok: false, message: `Invalid payload${where}: ${first?.message ?? 'invalid value'}` };
}

/**
 * Validates what a browser sent (the server calls this for every incoming event); a string the
 * database would refuse (a NUL, a lone surrogate) is refused here like any other invalid field.
 */
export function parseClientEvent<E extends ClientEventName>(
  event: E,
  payload: unknown,
): ParseResult<ClientEventPayload<E>> {
  const parsed = parseWith(clientToServerSchemas[event] as unknown as z.ZodType<ClientEventPayload<E>>, payload);
  if (!parsed.ok) return parsed;
  const unstorable = findUnstorableText(parsed.data);
  return unstorable ? { ok: false, message: `Invalid payload '${unstorable.field}': it ${unstorable.reason}` } : parsed;
}

/** Validates what the server sent (browsers call this before acting on an event). */
export function parseServerEvent<E extends ServerEventName>(
  event: E,
  payload: unknown,
): ParseResult<ServerEventPayload<E>> {
  return parseWith(serverToClientSchemas[event] as unknown as z.ZodType<ServerEventPayload<E>>, payload);
}
