// The counter's sales through the offline queue. Each sale gets its
// Idempotency-Key and a pending row in Dexie before it is sent; the service worker queues it with
// shift start and end (one queue, in order, so a sale reaches the server before a later shift
// end) and the row goes when the server's answer is known — at once, or from the outcome the
// worker leaves in Cache Storage after a replay. Without a controlling worker the page resends its
// own pending sales with the same keys when the network returns. Survives reloads and restarts.
import type { CounterSaleInput, CounterSaleResponse } from '../../../../domain/schemas/counter';
import { ACTING_CLIENT_HEADER, queuedBodySchema } from '../../../../domain/schemas/shift';
import { ApiError, api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { COUNTER_SALE_KIND, localDb, type PendingAction } from '../../../lib/local-db';
import { settlePendingActions } from '../../../lib/queued-outcome';
import type { PricedLine } from './cart';

export const SALE_KIND = COUNTER_SALE_KIND;

/** What the tablet keeps of a queued sale: the call, and what its receipt printed. */
export type SalePayload = {
  body: CounterSaleInput;
  via: 'worker' | 'page';
  actingClientId?: string;
  receipt: { lines: PricedLine[]; total: number; customerPhone: string; staffName: string };
  /** The gas center whose catalogue priced it (the shift's), so its stock counts go down there only. */
  centerId?: string | null;
  /** Filled once the server recorded it. */
  recorded?: { orderNumber: string; total: number };
};
export type PendingSale = PendingAction & { kind: typeof SALE_KIND; payload: SalePayload };

export type SaleResult = { status: 'recorded'; sale: CounterSaleResponse } | { status: 'queued'; pending: PendingSale };

export async function listPendingSales(): Promise<PendingSale[]> {
  const rows = await localDb.pendingActions.where('kind').equals(SALE_KIND).sortBy('createdAt');
  return rows as PendingSale[];
}

async function send(sale: PendingSale): Promise<SaleResult> {
  const body = await api.post<unknown>('client/new_order', sale.payload.body, {
    idempotencyKey: sale.id,
    headers: sale.payload.actingClientId ? { [ACTING_CLIENT_HEADER]: sale.payload.actingClientId } : undefined,
  });
  if (queuedBodySchema.safeParse(body).success) {
    const payload = { ...sale.payload, via: 'worker' as const };
    await localDb.pendingActions.update(sale.id, { payload });
    return { status: 'queued', pending: { ...sale, payload } };
  }
  await localDb.pendingActions.delete(sale.id);
  return { status: 'recorded', sale: body as CounterSaleResponse };
}

/**
 * Sends a sale. `mayQueue` (a cash sale): offline it resolves 'queued' and waits to sync.
 * Otherwise a sale that cannot reach the server rejects and nothing is kept. A refusal by the
 * server (stock, wallet…) rejects with its ApiError and leaves nothing pending. `key`: the sale's
 * Idempotency-Key, the same when the same sale is sent again after no answer (the server may have
 * recorded it: it then answers that sale again instead of recording, charging or debiting twice).
 */
export async function submitSale(
  body: CounterSaleInput,
  receipt: SalePayload['receipt'],
  {
    mayQueue,
    actingClientId,
    key = newIdempotencyKey(),
    centerId,
  }: { mayQueue: boolean; actingClientId?: string; key?: string; centerId?: string | null },
): Promise<SaleResult> {
  const sale: PendingSale = {
    id: key,
    kind: SALE_KIND,
    payload: { body, via: 'page', actingClientId, receipt, ...(centerId ? { centerId } : {}) },
    createdAt: Date.now(),
    status: 'pending',
  };
  if (mayQueue) await localDb.pendingActions.put(sale);
  try {
    const result = await send(sale);
    if (result.status === 'queued' && !mayQueue) {
      // The worker queued a payment that needs the network: it will still sync, so keep it shown.
      await localDb.pendingActions.put(result.pending);
    }
    return result;
  } catch (error) {
    if (mayQueue && error instanceof ApiError && error.isNetworkError) return { status: 'queued', pending: sale };
    if (mayQueue) await localDb.pendingActions.delete(sale.id);
    throw error;
  }
}

let settling: Promise<unknown> = Promise.resolve();

/**
 * Settles queued sales (worker outcomes, or the page's own resend); answers how many changed.
 * One settling at a time on a page (the dashboard's shell and a screen may both ask): each waits
 * for the one before, so no sale is resent while it is being sent.
 */
export function reconcilePendingSales(online = navigator.onLine): Promise<number> {
  const next = settling.then(() => settlePendingSales(online));
  settling = next.catch(() => undefined);
  return next;
}

async function settlePendingSales(online: boolean): Promise<number> {
  return settlePendingActions(await listPendingSales(), {
    online,
    refusal: 'The server refused this sale',
    recorded: (sale) => localDb.pendingActions.delete(sale.id),
    send,
  });
}

export const dismissSale = (id: string) => localDb.pendingActions.delete(id);
