import { notifications } from '@mantine/notifications';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DeliveryStatus, DeliveryVehicle } from '../../../../domain/enums';
import { ACTING_CLIENT_HEADER, QUEUE_OFFLINE_HEADER } from '../../../../domain/offline-queue';
import type { Delivery, RiderDeliveries, RiderLocation } from '../../../../domain/schemas/delivery';
import { queuedBodySchema } from '../../../../domain/schemas/shift';
import { ApiError, api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { connectSocket, getSocketStatus } from '../../../lib/socket';
import { useMutation } from '../../../lib/use-mutation';
import { useServerEvent } from '../../../lib/use-server-event';
import { useSocketStatus } from '../../../lib/use-socket-status';
import { keepQueuedStep } from '../lib/step-queue';
import { getBoard } from './board';
import { dispatchKeys } from './keys';

/** The rider's list refreshes this often (and after every action). */
const REFRESH_MS = 15_000;

/**
 * The board reads itself again at once when the real-time channel says one of its deliveries
 * changed (useLiveBoard), and after every action; this slow read only makes up for an event missed.
 */
export const BOARD_FALLBACK_MS = 60_000;

/** The dispatch board of `center` (getBoard), read again now and then. */
export const boardQueryOptions = (center?: string) =>
  queryOptions({
    queryKey: dispatchKeys.board(center),
    queryFn: () => getBoard(center),
    refetchInterval: BOARD_FALLBACK_MS,
  });

/**
 * Keeps the board live over the real-time channel: the board's read makes this device's socket
 * follow its center, so when a delivery of it is paid, assigned, moved or cancelled the board
 * reads itself again at once. A (re)connected socket reads the board again: what changed while it
 * was away shows, and the new connection follows the board.
 */
export function useLiveBoard(center: string | undefined, refetch: () => unknown) {
  const socket = useSocketStatus();
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    connectSocket();
  }, []);
  const connected = socket === 'connected';
  // Connected before the board's first read: that read follows the board already.
  const followedByFirstRead = useRef(getSocketStatus() === 'connected');
  useEffect(() => {
    if (!connected) return;
    if (followedByFirstRead.current) followedByFirstRead.current = false;
    else void latest.current();
  }, [connected]);
  useServerEvent('dispatchBoardChanged', (event) => {
    if (center === undefined || center === 'all' || center === event.centerId) void latest.current();
  });
}

/** GET /api/delivery/mine: the rider's deliveries today. */
export const myDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: dispatchKeys.mine(),
    // Saved on the phone (the staff's data, cleared on sign-out): a rider who reloads without a
    // network still has the addresses and the clients' numbers.
    queryFn: () =>
      withOfflineCopy(MY_DELIVERIES_CACHE_KEY, () => api.get<RiderDeliveries>('delivery/mine'), { table: 'shift' }),
    refetchInterval: REFRESH_MS,
    networkMode: 'always',
  });

export const MY_DELIVERIES_CACHE_KEY = 'my-deliveries';

type Sent<T> = { body: T; key: string };

/**
 * One body and one Idempotency-Key per intended action (a delivery and what it becomes), kept
 * until it succeeds: a retry after a lost answer sends exactly the same request, so the server
 * records it once, even when the phone has a newer position by then.
 */
function useStableRequests<T>() {
  const pending = useRef(new Map<string, Sent<T>>());
  return {
    take(action: string, body: T): Sent<T> {
      const known = pending.current.get(action);
      if (known) return known;
      const fresh = { body, key: newIdempotencyKey() };
      pending.current.set(action, fresh);
      return fresh;
    },
    done(action: string) {
      pending.current.delete(action);
    },
  };
}

export type MoveInput = {
  id: string;
  /** The order's number and the button's words, for the phone's list of steps waiting (not sent). */
  orderNumber?: string;
  label?: string;
  status: DeliveryStatus;
  note?: string;
  location?: RiderLocation;
  code?: string;
};
type MoveBody = Omit<MoveInput, 'id' | 'orderNumber' | 'label'> & { at: string };

/** Recorded, or (a rider's phone without a network) kept by the worker and sent when it is back. */
export type MoveResult = { queued: false; delivery: Delivery } | { queued: true };

/**
 * A move's request, for its key: the step, and the delivery code typed with it. After an answer
 * that never came, the same step with the same code goes again as it was sent; a code corrected
 * meanwhile is another request (at most one Delivered can be recorded either way).
 */
const moveAction = ({ id, status, code }: MoveInput) =>
  `${id}:${status}:${code?.replace(/\s+/g, '').toUpperCase() ?? ''}`;

/**
 * PUT /api/delivery/status/{id}: a dispatcher moves any delivery, a rider their own. The step says
 * when it was taken (the same each time it goes). `mayQueue` (the rider's phone): without a
 * network the service worker keeps it and sends it when the network is back; it is then listed
 * on the phone as waiting (`step-queue.ts`).
 */
export function useMoveDelivery({
  mayQueue = false,
  actingClientId,
}: {
  mayQueue?: boolean;
  /** Who takes the step: a step sent late is refused for anyone else signed in by then. */
  actingClientId?: string | undefined;
} = {}) {
  const queryClient = useQueryClient();
  const requests = useStableRequests<MoveBody>();
  return useMutation({
    mutationFn: async (input: MoveInput): Promise<MoveResult> => {
      const { id, orderNumber, label, ...body } = input;
      const sent = requests.take(moveAction(input), { ...body, at: new Date().toISOString() });
      const answer = await api.put<unknown>(`delivery/status/${encodeURIComponent(id)}`, sent.body, {
        idempotencyKey: sent.key,
        headers: {
          ...(mayQueue ? { [QUEUE_OFFLINE_HEADER]: '1' } : {}),
          ...(actingClientId ? { [ACTING_CLIENT_HEADER]: actingClientId } : {}),
        },
      });
      if (!queuedBodySchema.safeParse(answer).success) return { queued: false, delivery: answer as Delivery };
      await keepQueuedStep(sent.key, {
        deliveryId: id,
        orderNumber: orderNumber ?? '',
        status: body.status,
        at: sent.body.at,
        ...(label ? { label } : {}),
      });
      return { queued: true };
    },
    onSuccess: (data, input) => {
      requests.done(moveAction(input));
      // The step stands; the text it would send the client was held back (an hourly SMS budget).
      const sms = data.queued ? undefined : data.delivery.sms;
      if (sms && !sms.sent && sms.reason !== 'NoPhone') {
        notifications.show({
          color: 'orange',
          title: 'Text to the client not sent',
          message: sms.message ?? 'The SMS to the client was not sent.',
          autoClose: false,
        });
      }
    },
    // Refused (a wrong delivery code, a step no longer allowed): nothing was recorded, so what is
    // sent next (the code typed again) is a new request. Without an answer, the same one goes again.
    onError: (error, input) => {
      if (error instanceof ApiError && !error.isNetworkError) requests.done(moveAction(input));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}

/** `replacing`: the rider's account the board showed (null: none), so a change made meanwhile is not undone. */
export type AssignInput = { id: string; riderId: string; vehicle: DeliveryVehicle; replacing: string | null };

/** PUT /api/delivery/assign/{id}: a Delivery Person takes (or takes over) the delivery. */
export function useAssignRider() {
  const queryClient = useQueryClient();
  const requests = useStableRequests<Omit<AssignInput, 'id'>>();
  return useMutation({
    mutationFn: ({ id, ...body }: AssignInput) => {
      const sent = requests.take(`${id}:${body.riderId}:${body.vehicle}`, body);
      return api.put<Delivery>(`delivery/assign/${encodeURIComponent(id)}`, sent.body, { idempotencyKey: sent.key });
    },
    onSuccess: (_data, { id, riderId, vehicle }) => requests.done(`${id}:${riderId}:${vehicle}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  });
}

/** PUT /api/delivery/location/{id}: where the rider's phone is (never blocks anything). */
export const sendPosition = (id: string, where: RiderLocation) =>
  api.put<{ recorded: boolean }>(`delivery/location/${encodeURIComponent(id)}`, where);
