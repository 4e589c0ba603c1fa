import { API_TIMEOUT_MS } from '../../../../domain/constants';
import { isErrorObject } from '../../../../domain/errors';

/**
 * A lead that was not stored. `serverMessage` is the server's own explanation when it sent one;
 * a network error means no answer at all (offline, timed out, or a gateway that could not reach us).
 */
export class LeadRequestError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(status: number, serverMessage?: string) {
    super(serverMessage ?? (status === 0 ? 'No answer from the server' : `The server answered ${status}`));
    this.name = 'LeadRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
  get isNetworkError() {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/**
 * POST /api/leads/{kind} with plain fetch (the public pages stay free of the app's HTTP client):
 * cookies, x-platform web, JSON, the idempotency key, and API_TIMEOUT_MS before giving up.
 * Resolves to the answer's body; rejects with a LeadRequestError.
 */
export async function postLead<T>(
  kind: 'interest' | 'application',
  body: unknown,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, API_TIMEOUT_MS);
  signal?.addEventListener('abort', abort);
  let response: Response;
  let text: string;
  try {
    if (signal?.aborted) abort();
    response = await fetch(`/api/leads/${kind}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'x-platform': 'web',
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    throw new LeadRequestError(0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return parsed as T;
  throw new LeadRequestError(response.status, isErrorObject(parsed) ? parsed.message : undefined);
}
