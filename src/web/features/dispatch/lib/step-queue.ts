// A rider's steps without a network. A step the service worker queued
// (it answered 202 "queued") is kept here as a pending row, shown on the rider's screen, and
// settled from the outcome the worker leaves after its replay: recorded (the row goes) or refused
// (a wrong delivery code, a delivery moved meanwhile: the row says why until dismissed). The
// worker sends the steps in the order they were taken, each once (its Idempotency-Key).
import type { DeliveryStatus } from '../../../../domain/enums';
import { localDb, type PendingAction } from '../../../lib/local-db';
import { settlePendingActions } from '../../../lib/queued-outcome';

export const DELIVERY_STEP_KIND = 'delivery.step';

export type StepPayload = {
  deliveryId: string;
  orderNumber: string;
  status: DeliveryStatus;
  at: string;
  /** What the button said ("Back on the road" is an In transit). */
  label?: string;
};
export type PendingStep = PendingAction & { kind: typeof DELIVERY_STEP_KIND; payload: StepPayload };

export async function listPendingSteps(): Promise<PendingStep[]> {
  const rows = await localDb.pendingActions.where('kind').equals(DELIVERY_STEP_KIND).sortBy('createdAt');
  return rows as PendingStep[];
}

/** Keeps a step the worker queued, under its Idempotency-Key. */
export async function keepQueuedStep(key: string, payload: StepPayload): Promise<void> {
  await localDb.pendingActions.put({
    id: key,
    kind: DELIVERY_STEP_KIND,
    payload,
    createdAt: Date.now(),
    status: 'pending',
  } satisfies PendingStep);
}

/** Settles the steps the worker replayed; answers how many changed, so the list is read again. */
export async function reconcilePendingSteps(): Promise<number> {
  return settlePendingActions(await listPendingSteps(), {
    online: navigator.onLine,
    refusal: 'The server refused this step',
    recorded: (step) => localDb.pendingActions.delete(step.id),
    settled: alreadyThere,
  });
}

export const dismissStep = (id: string) => localDb.pendingActions.delete(id);

/**
 * Refused only because the delivery is at that step already (the dispatcher marked it meanwhile):
 * nothing is missing, so it is not said as a refusal (the lifecycle's 409 names both states).
 */
function alreadyThere(body: unknown): boolean {
  const info = (body as { additionalInfo?: { status?: unknown; to?: unknown } } | null)?.additionalInfo;
  return typeof info?.to === 'string' && info.status === info.to;
}

/** The status a delivery has once its steps waiting on the phone are recorded. */
export function statusWithPending(status: DeliveryStatus, deliveryId: string, steps: PendingStep[]): DeliveryStatus {
  let now = status;
  for (const step of steps) {
    if (step.status === 'pending' && step.payload.deliveryId === deliveryId) now = step.payload.status;
  }
  return now;
}
