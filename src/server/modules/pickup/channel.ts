import type { FastifyInstance } from 'fastify';
import { disputeWords } from '../../../domain/handover';
import {
  type ClientEventName,
  type ClientEventPayload,
  PICKUP_TIMINGS,
  type PickupTimings,
  parseClientEvent,
  parseServerEvent,
  type ServerEventName,
  type ServerEventPayload,
  type SocketAck,
} from '../../../domain/realtime-events';
import { type RealtimeServer, rooms } from '../../plugins/realtime';
import type { StaffContext } from '../../plugins/session';
import { findOrder, toPickupRequest } from './order-view';
import {
  answerPing,
  cancelRequest,
  markSeen,
  openPickupOfClient,
  openPickupsOfClient,
  orderNumbers,
  type Refusal,
  type RequestResult,
  type RespondResult,
  raiseDispute,
  requestConfirmation,
  respondToRequest,
  setPresence,
  startPing,
  sweepDeadlines,
} from './service';
import type { PickupRow } from './tables';

type Socket = Parameters<Parameters<RealtimeServer['on']>[1]>[0];
type Target = { emit: (event: string, payload: unknown) => unknown };

export type ChannelOptions = PickupTimings & {
  /** How often each instance checks the deadlines of open requests. */
  sweepIntervalMs: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one pickup channel: the pickup module wires it to the sockets and runs its
     * deadlines; the order and admin routes (in their own plugin scopes) act through the same one.
     */
    pickupChannel: PickupChannel;
  }
}

/** Connections set up (or clients recorded gone) at once, of the pool's 10 connections. */
const SETUPS_AT_ONCE = 8;

const ref = (row: PickupRow, orderNumber: string) => ({ pickupId: row.id, orderId: row.orderId, orderNumber });

/**
 * The pickup protocol over Socket.IO. No state lives in this process: each step reads and
 * changes the database, and events go to rooms (which the Redis adapter shares between
 * instances), so a staff on one instance can confirm with a client on another.
 */
export class PickupChannel {
  readonly options: ChannelOptions = { ...PICKUP_TIMINGS, sweepIntervalMs: 1000 };
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private closed = false;
  /** Background work (presence changes, sweeps) that closing waits for, so it never outlives Redis. */
  private readonly inflight = new Set<Promise<unknown>>();
  private setupsRunning = 0;
  private readonly setupQueue: (() => void)[] = [];

  constructor(private readonly app: FastifyInstance) {}

  private get io(): RealtimeServer {
    return this.app.io;
  }

  /** Tests and the bench shorten the waits. */
  configure(options: Partial<ChannelOptions>): void {
    Object.assign(this.options, options);
    if (this.sweepTimer) {
      clearTimeout(this.sweepTimer);
      this.scheduleSweep();
    }
  }

  // ───────────── emitting (validated: a payload that breaks its schema is a bug, never sent) ─────────────

  private send<E extends ServerEventName>(target: Target, event: E, payload: ServerEventPayload<E>): void {
    // Shutting down: the adapter's Redis connections are closing, and nobody is listening here.
    if (this.closed) return;
    const checked = parseServerEvent(event, payload);
    if (!checked.ok) {
      this.app.log.error({ event, problem: checked.message }, 'pickup event payload broke its schema');
      target.emit('pickupError', { event, message: 'Something went wrong on the server' });
      return;
    }
    target.emit(event, checked.data);
  }

  private staffSide(row: Pick<PickupRow, 'staffId' | 'orderId'>): Target {
    return this.io.to([rooms.staff(row.staffId), rooms.order(row.orderId)]) as unknown as Target;
  }

  private clientSide(clientId: string): Target {
    return this.io.to(rooms.client(clientId)) as unknown as Target;
  }

  /** The pickup as events name it, with its order's number. */
  private async pickupRef(row: PickupRow) {
    const numbers = await orderNumbers(this.app.db, [row.orderId]);
    return ref(row, numbers.get(row.orderId) ?? '');
  }

  /** Tells the staff side, with the time, that the client answered a ping or has the prompt on screen. */
  private async tellStaffAt(row: PickupRow, event: 'pingClientResponse' | 'pingStaff') {
    this.send(this.staffSide(row), event, { ...(await this.pickupRef(row)), at: new Date().toISOString() });
  }

  private emitRefusal(target: Target, refusal: Refusal): void {
    this.send(target, refusal.event, refusal.payload as never);
  }

  /** Whether any device of the client is connected, on any instance. */
  async isClientOnline(clientId: string): Promise<boolean> {
    // A device here answers at once. Asking the cluster copies the room's members (and, with
    // Redis, waits for every instance): for each of thousands of sockets dropping together
    // that is the whole room over and over, while the process serves nothing else.
    if (this.hasLocalDevice(clientId)) return true;
    try {
      const sockets = await this.io.in(rooms.client(clientId)).fetchSockets();
      return sockets.length > 0;
    } catch (err) {
      // An instance that does not answer in time: assume online and let the deadlines decide.
      this.app.log.warn({ err }, 'could not count the client sockets');
      return true;
    }
  }

  private hasLocalDevice(clientId: string): boolean {
    return (this.io.of('/').adapter.rooms.get(rooms.client(clientId))?.size ?? 0) > 0;
  }

  /** The staff's devices follow an order they looked up, so they see its pickup live. */
  async followOrder(staffId: string, orderId: string): Promise<void> {
    try {
      await this.io.in(rooms.staff(staffId)).socketsJoin(rooms.order(orderId));
    } catch (err) {
      this.app.log.warn({ err }, 'could not follow the order');
    }
  }

  // ───────────── the flows ─────────────

  /** requestConfirmationStaff, from a socket or from POST /api/pickup/verify. */
  async request(
    actor: { clientId: string; staff: StaffContext | null },
    input: ClientEventPayload<'requestConfirmationStaff'>,
    replyTo?: Target,
  ): Promise<RequestResult | Refusal> {
    const result = await requestConfirmation(this.app.db, this.options, actor, input);
    if (!result.ok) {
      if (replyTo) this.emitRefusal(replyTo, result);
      return result;
    }
    const { row, order, request } = result;
    const [, online] = await Promise.all([
      this.followOrder(row.staffId, order.id),
      this.isClientOnline(order.clientId),
    ]);
    const [offline] = online ? [] : await setPresence(this.app.db, order.clientId, 'Pending', 'ClientOffLine', row.id);
    this.send(this.staffSide(row), 'requestConfirmationStaff', { ...request, clientOnline: online });
    if (online) {
      this.send(this.clientSide(order.clientId), 'requestPickupConfirmation', request);
    } else {
      this.send(this.staffSide(row), 'clientOffLine', {
        ...ref(row, order.orderNumber),
        expiresAt: row.expiresAt.toISOString(),
        message: 'The client’s phone is not connected. The request waits until it expires.',
      });
    }
    return offline ? { ...result, row: offline } : result;
  }

  /** pickupConfirmationResponse, from the owner's socket or over HTTP. */
  async respond(
    clientId: string,
    input: ClientEventPayload<'pickupConfirmationResponse'>,
    replyTo?: Target,
  ): Promise<RespondResult> {
    const result = await respondToRequest(this.app.db, clientId, input);
    if ('event' in result) {
      if (replyTo) this.emitRefusal(replyTo, result);
      return result;
    }
    const { row, order } = result;
    const r = ref(row, order.orderNumber);
    const client = this.clientSide(clientId);
    if (result.kind === 'ineligible') {
      this.emitRefusal(this.staffSide(row), result.refusal);
      this.send(this.staffSide(row), 'pickupConfirmationResponseStaff', {
        ...r,
        action: 'Pending',
        status: row.status,
        dispute: order.pickupDispute,
        message: result.refusal.payload.message,
      });
      this.send(client, 'ClientRequestCancelled', {
        ...r,
        reason: 'StaffCancelled',
        message: result.refusal.payload.message,
      });
      return result;
    }
    if (result.kind === 'repeated') {
      if (replyTo) {
        this.send(replyTo, 'pickupConfirmationResponse', {
          ...r,
          action: row.confirmationAction,
          status: row.status,
          message: 'Already recorded.',
        });
      }
      return result;
    }
    if (result.kind === 'approved') {
      const deliveredAt = (order.deliveredAt ?? new Date()).toISOString();
      this.send(this.staffSide(row), 'pickupConfirmationResponseStaff', {
        ...r,
        action: 'Approve',
        status: row.status,
        dispute: order.pickupDispute,
        message: 'The client approved the pickup.',
      });
      this.send(this.staffSide(row), 'StaffConfirmApproval', { ...r, deliveredAt, nomineeName: order.nomineeName });
      this.send(client, 'pickupConfirmationResponse', {
        ...r,
        action: 'Approve',
        status: row.status,
        message: 'Thank you. Your order is marked as picked up.',
      });
      this.send(client, 'staffConfirm', { ...r, deliveredAt });
      return result;
    }
    this.send(this.staffSide(row), 'pickupConfirmationResponseStaff', {
      ...r,
      action: 'Rejected',
      status: row.status,
      dispute: order.pickupDispute,
      message:
        order.pickupDispute === 'none'
          ? 'The client refused the pickup. Do not hand over the order.'
          : `The client refused the pickup and reported that ${disputeWords[order.pickupDispute]}. Do not hand over the order.`,
    });
    this.send(client, 'pickupConfirmationResponse', {
      ...r,
      action: 'Rejected',
      status: row.status,
      message: 'You refused the pickup. The order stays with us.',
    });
    return result;
  }

  /**
   * A hand-over made with a texted code or a supervisor's approval (handover.ts): every counter
   * following the order and the owner's devices hear it as they hear an approval on the app.
   */
  announceHandover(done: {
    row: PickupRow;
    order: { orderNumber: string; deliveredAt: Date | null; nomineeName: string | null };
  }): void {
    const r = ref(done.row, done.order.orderNumber);
    const deliveredAt = (done.order.deliveredAt ?? new Date()).toISOString();
    this.send(this.staffSide(done.row), 'StaffConfirmApproval', {
      ...r,
      deliveredAt,
      nomineeName: done.order.nomineeName,
    });
    this.send(this.clientSide(done.row.clientId), 'staffConfirm', { ...r, deliveredAt });
  }

  /** StaffCancelRequest. */
  async cancel(
    actor: { clientId: string; staff: StaffContext | null },
    input: ClientEventPayload<'StaffCancelRequest'>,
    replyTo?: Target,
  ) {
    if (!actor.staff?.isCurrentStaff) {
      const refusal: Refusal = {
        ok: false,
        event: 'StaffCheckError',
        payload: { reason: actor.staff ? 'NotCurrentStaff' : 'NotStaff', message: 'Only staff can cancel a request.' },
      };
      if (replyTo) this.emitRefusal(replyTo, refusal);
      return refusal;
    }
    const result = await cancelRequest(this.app.db, actor.staff, actor.clientId, input);
    if (!result.ok) {
      if (replyTo) this.emitRefusal(replyTo, result);
      return result;
    }
    const { row, order } = result;
    const r = ref(row, order.orderNumber);
    this.send(this.staffSide(row), 'StaffCancelRequest', { ...r, status: row.status });
    if (result.changed) {
      const rejected = row.closeReason === 'StaffRejected';
      this.send(this.clientSide(row.clientId), 'ClientRequestCancelled', {
        ...r,
        reason: rejected ? 'StaffRejected' : 'StaffCancelled',
        message: rejected ? 'The counter refused the hand-over.' : 'The counter cancelled the request.',
      });
    }
    return result;
  }

  /** A dispute closes the open request, if any, on both sides. */
  async dispute(
    by: { clientId: string; asOwner: boolean; staffId: string | null },
    orderId: string,
    dispute: 'SomeOneElseClaim' | 'InvalidPickup',
    note?: string,
  ) {
    const result = await raiseDispute(this.app.db, by, orderId, dispute, note);
    if (result.closed) {
      const r = ref(result.closed, result.order.orderNumber);
      const message = `A dispute was raised (${disputeWords[dispute]}); the request is closed.`;
      this.send(this.staffSide(result.closed), 'pickupConfirmationResponseStaff', {
        ...r,
        action: result.closed.confirmationAction,
        status: result.closed.status,
        dispute,
        message,
      });
      this.send(this.clientSide(result.closed.clientId), 'ClientRequestCancelled', {
        ...r,
        reason: 'StaffCancelled',
        message,
      });
    }
    return result;
  }

  // ───────────── sockets ─────────────

  /** Wires one connection: rooms first, then the handlers, then any request waiting for this client. */
  onConnection(socket: Socket): void {
    this.track(this.setUpConnection(socket));
  }

  private async setUpConnection(socket: Socket): Promise<void> {
    const { clientId } = socket.data;
    socket.join(rooms.client(clientId));
    let resolveReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      resolveReady = resolve;
    });

    const on = <E extends ClientEventName>(
      event: E,
      handler: (payload: ClientEventPayload<E>) => Promise<SocketAck>,
    ) => {
      socket.on(event, (async (raw: unknown, ack?: unknown) => {
        const reply = (result: SocketAck) => {
          if (typeof ack === 'function') (ack as (r: SocketAck) => void)(result);
        };
        const parsed = parseClientEvent(event, raw);
        if (!parsed.ok) {
          this.send(socket as unknown as Target, 'pickupError', { event, message: parsed.message });
          reply({ ok: false, event: 'pickupError', message: parsed.message });
          return;
        }
        try {
          // Signing out is immediate here too: a socket opened before the logout acts no more.
          if (await this.app.sessionRevocation.isRevoked(socket.data.sessionId)) {
            const message = 'Your session has ended. Please sign in again.';
            reply({ ok: false, event: 'pickupError', message });
            socket.disconnect(true);
            return;
          }
          await ready;
          reply(await handler(parsed.data));
        } catch (err) {
          this.app.log.error({ err, event }, 'pickup event failed');
          const message = 'Something went wrong. Please try again.';
          this.send(socket as unknown as Target, 'pickupError', { event, message });
          reply({ ok: false, event: 'pickupError', message });
        }
      }) as never);
    };

    const me = socket as unknown as Target;
    const staffActor = async () => ({ clientId, staff: await this.app.loadStaff(clientId) });
    const refusalAck = (r: Refusal): SocketAck => ({
      ok: false,
      event: r.event,
      message: r.payload.message,
      ...('pickupId' in r.payload && r.payload.pickupId ? { pickupId: r.payload.pickupId } : {}),
    });

    on('requestConfirmationStaff', async (payload) => {
      const result = await this.request(await staffActor(), payload, me);
      return result.ok ? { ok: true, pickupId: result.row.id } : refusalAck(result);
    });

    on('StaffCancelRequest', async (payload) => {
      const result = await this.cancel(await staffActor(), payload, me);
      return result.ok ? { ok: true, pickupId: result.row.id } : refusalAck(result);
    });

    on('pingClient', async ({ pickupId }) => {
      const member = await this.app.loadStaff(clientId);
      const row = member ? await startPing(this.app.db, member.id, pickupId) : null;
      if (!row?.pingId) {
        const message = 'No open request of yours with this id.';
        this.send(me, 'pickupError', { event: 'pingClient', pickupId, message });
        return { ok: false, event: 'pickupError', message };
      }
      const pickup = await this.pickupRef(row);
      this.send(this.clientSide(row.clientId), 'pingClient', {
        ...pickup,
        pingId: row.pingId,
      });
      return { ok: true, pickupId };
    });

    on('pingClientResponse', async (payload) => {
      const row = await answerPing(this.app.db, clientId, payload);
      if (!row) return { ok: false, message: 'This ping is no longer waiting for an answer.' };
      await this.tellStaffAt(row, 'pingClientResponse');
      return { ok: true, pickupId: row.id };
    });

    on('pingStaff', async ({ pickupId }) => {
      const row = await markSeen(this.app.db, clientId, pickupId);
      if (!row) return { ok: false, message: 'This request is closed.' };
      await this.tellStaffAt(row, 'pingStaff');
      return { ok: true, pickupId };
    });

    on('pickupConfirmationResponse', async (payload) => {
      const result = await this.respond(clientId, payload, me);
      if ('event' in result) return refusalAck(result);
      if (result.kind === 'ineligible') return refusalAck(result.refusal);
      return { ok: true, pickupId: result.row.id };
    });

    on('ClientExperiencingError', async ({ pickupId, message }) => {
      const row = await openPickupOfClient(this.app.db, clientId, pickupId);
      if (!row) return { ok: false, message: 'This request is closed.' };
      const pickup = await this.pickupRef(row);
      this.send(this.staffSide(row), 'ClientExperiencingError', {
        ...pickup,
        message,
      });
      return { ok: true, pickupId };
    });

    socket.on('disconnect', (reason: string) => {
      // This instance closing its sockets is not the client going offline: they reconnect elsewhere.
      if (reason === 'server namespace disconnect' || reason === 'server shutting down') return;
      // Another device of the client is still here: not gone, and no work queued per socket.
      if (this.hasLocalDevice(clientId)) return;
      this.track(this.onClientGone(clientId));
    });

    let release: (() => void) | null = null;
    try {
      release = await this.setupSlot();
      // Gone while it waited its turn: nothing to set up.
      if (!socket.connected) return;
      const member = await this.app.loadStaff(clientId);
      if (member?.isCurrentStaff) socket.join(rooms.staff(member.id));
      await this.deliverWaiting(socket, clientId);
    } catch (err) {
      if (!this.closed) this.app.log.error({ err }, 'pickup connection setup failed');
    } finally {
      release?.();
      resolveReady();
    }
  }

  /**
   * A turn to set a connection up or to record a client gone. When thousands of devices drop and
   * reconnect at once, their statements wait here instead of in the pool's queue, where they
   * would time out (leaving counters out of their staff room) and hold up the handshakes and
   * every HTTP request behind them.
   */
  private async setupSlot(): Promise<() => void> {
    if (this.setupsRunning < SETUPS_AT_ONCE) this.setupsRunning++;
    else await new Promise<void>((resolve) => this.setupQueue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes to the next connection waiting, or is given back.
      const next = this.setupQueue.shift();
      if (next) next();
      else this.setupsRunning--;
    };
  }

  /** A (re)connected phone gets every request still waiting for it; the staff hears it is back. */
  private async deliverWaiting(socket: Socket, clientId: string): Promise<void> {
    const open = await openPickupsOfClient(this.app.db, clientId);
    for (const row of open) {
      const order = await findOrder(this.app.db, row.orderId);
      if (order)
        this.send(
          socket as unknown as Target,
          'requestPickupConfirmation',
          await toPickupRequest(this.app.db, row, order),
        );
    }
    // Only a request marked offline needs the write: when thousands of devices reconnect at once,
    // the ones with nothing marked skip a statement each.
    if (!open.some((row) => row.confirmationAction === 'ClientOffLine')) return;
    const back = await setPresence(this.app.db, clientId, 'ClientOffLine', 'Pending');
    if (back.length === 0) return;
    const numbers = await orderNumbers(
      this.app.db,
      back.map((r) => r.orderId),
    );
    for (const row of back)
      this.send(this.staffSide(row), 'ClientBackOnline', ref(row, numbers.get(row.orderId) ?? ''));
  }

  /** The client's last device dropped while requests wait: the staff is told. */
  private async onClientGone(clientId: string): Promise<void> {
    if (this.closed) return;
    let release: (() => void) | null = null;
    try {
      release = await this.setupSlot();
      if (await this.isClientOnline(clientId)) return;
      const gone = await setPresence(this.app.db, clientId, 'Pending', 'ClientOffLine');
      if (gone.length === 0) return;
      const numbers = await orderNumbers(
        this.app.db,
        gone.map((r) => r.orderId),
      );
      for (const row of gone) {
        this.send(this.staffSide(row), 'ClientOffLine', {
          ...ref(row, numbers.get(row.orderId) ?? ''),
          message: 'The client’s phone went offline. The request waits until it expires.',
        });
      }
    } catch (err) {
      if (!this.closed) this.app.log.warn({ err }, 'could not record the client going offline');
    } finally {
      release?.();
    }
  }

  // ───────────── deadlines ─────────────

  start(): void {
    this.closed = false;
    this.scheduleSweep();
  }

  /** Stops the sweeps and waits for the background work in flight. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    await Promise.allSettled([...this.inflight]);
  }

  private track(work: Promise<unknown>): void {
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
  }

  private scheduleSweep(): void {
    if (this.closed) return;
    this.sweepTimer = setTimeout(() => {
      this.track(this.sweep().finally(() => this.scheduleSweep()));
    }, this.options.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  /** One pass over the deadlines; exported through the channel for tests. */
  async sweep(now = new Date()): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      const { delayed, warned, unanswered, expired } = await sweepDeadlines(this.app.db, this.options, now);
      const all = [...delayed, ...warned, ...unanswered, ...expired];
      if (all.length === 0) return;
      const numbers = await orderNumbers(
        this.app.db,
        all.map((r) => r.orderId),
      );
      const r = (row: PickupRow) => ref(row, numbers.get(row.orderId) ?? '');
      for (const row of expired) {
        const message =
          row.confirmationAction === 'ClientOffLine'
            ? 'The client stayed offline; the request expired.'
            : 'The client did not answer in time; the request expired.';
        this.send(this.staffSide(row), 'ClientRequestCancelled', { ...r(row), reason: 'Expired', message });
        this.send(this.clientSide(row.clientId), 'ClientRequestCancelled', {
          ...r(row),
          reason: 'Expired',
          message: 'The request expired. The counter can ask again.',
        });
      }
      for (const row of delayed) {
        this.send(this.staffSide(row), 'ClientDelayResponse', {
          ...r(row),
          waitedMs: now.getTime() - row.requestedAt.getTime(),
          expiresAt: row.expiresAt.toISOString(),
          message: 'The client has not answered yet.',
        });
      }
      for (const row of warned) {
        const secondsLeft = Math.max(0, Math.round((row.expiresAt.getTime() - now.getTime()) / 1000));
        const payload = {
          ...r(row),
          expiresAt: row.expiresAt.toISOString(),
          secondsLeft,
          message: `The request will be cancelled in ${secondsLeft} s without an answer.`,
        };
        this.send(this.staffSide(row), 'CancelWarning', payload);
        this.send(this.clientSide(row.clientId), 'CancelWarning', payload);
      }
      for (const row of unanswered) {
        this.send(this.staffSide(row), 'pingClientNoResponse', {
          ...r(row),
          waitedMs: row.pingSentAt ? now.getTime() - row.pingSentAt.getTime() : this.options.pingTimeoutMs,
          message: 'The client’s phone did not answer.',
        });
      }
    } catch (err) {
      if (!this.closed) this.app.log.error({ err }, 'pickup deadline sweep failed');
    } finally {
      this.sweeping = false;
    }
  }
}
