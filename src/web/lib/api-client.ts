import { API_TIMEOUT_MS } from '../../domain/constants';
import { type ErrorObject, ErrorType, isErrorObject } from '../../domain/errors';
import { SENT_AT_HEADER } from '../../domain/offline-queue';
import { DEVICE_ID_HEADER, deviceId } from './device-id';
import { API_READ_HEADERS, readKey, takeEarlyRead } from './early-reads';

/** A failed call: carries the server's error object, the failed response's body. */
export class ApiError extends Error implements ErrorObject {
  readonly status: number;
  readonly type: ErrorObject['type'];
  readonly additionalInfo?: unknown;
  constructor(body: ErrorObject) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.type = body.type;
    this.additionalInfo = body.additionalInfo;
  }
  /** The refusal's reason, when the server named one (`additionalInfo.reason`: PriceChanged…). */
  get reason(): string | undefined {
    const reason = (this.additionalInfo as { reason?: unknown } | undefined)?.reason;
    return typeof reason === 'string' ? reason : undefined;
  }
  /** No answer at all: offline, timed out, or a gateway that could not reach the server. */
  get isNetworkError() {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

const base = () => `${globalThis.location?.origin ?? 'http://localhost:8080'}/api/`;

export type RequestOptions = Omit<RequestInit, 'body' | 'method' | 'headers' | 'credentials'> & {
  body?: BodyInit;
  headers?: Record<string, string>;
  json?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
  /** Sent as Idempotency-Key, so a retried mutation acts once. */
  idempotencyKey?: string;
};

/**
 * One call with the platform's fetch: cookies, the read headers, and no answer's headers after
 * API_TIMEOUT_MS is a timeout (`TimeoutError`). A caller's own signal aborts it too. Reading the
 * body is not timed: a slow network's answer that has started is read to its end.
 */
async function fetchWithin(url: URL, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The server took too long to answer', 'TimeoutError')),
    API_TIMEOUT_MS,
  );
  const { signal } = init;
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  try {
    return await fetch(url, { ...init, credentials: 'include', signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const { idempotencyKey, searchParams, headers, ...rest } = options;
  // The app shell may have asked already, while this code was loading (early-reads.ts).
  const early = method === 'GET' && !headers ? takeEarlyRead(readKey(path, searchParams)) : undefined;
  const earlyAnswer = early ? await early : null;
  if (earlyAnswer) return earlyAnswer;
  const url = new URL(path.replace(/^\/?(api\/)?/, ''), base());
  if (searchParams) {
    url.search = new URLSearchParams(
      Object.entries(searchParams)
        .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
        .map(([name, value]): [string, string] => [name, String(value)]),
    ).toString();
  }
  try {
    return await fetchWithin(url, {
      ...rest,
      method,
      // A call that may be sent again (its key) says when it left, by this device's clock: the
      // moments it carries are read against it (SENT_AT_HEADER).
      headers: {
        ...API_READ_HEADERS,
        // Which browser a change came from, for the staff audit trail (lib/device-id.ts).
        ...(method === 'GET' ? {} : { [DEVICE_ID_HEADER]: deviceId() }),
        ...headers,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey, [SENT_AT_HEADER]: new Date().toISOString() } : {}),
      },
    });
  } catch (error) {
    // A DOMException, which is not an Error everywhere.
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    throw new ApiError({
      type: ErrorType.Unknown,
      status: 0,
      message: timedOut ? 'The server took too long to answer' : 'No connection: check your network',
      additionalInfo: { offline: true },
    });
  }
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (response.ok) return body as T;
  throw new ApiError(
    isErrorObject(body)
      ? body
      : {
          type: ErrorType.Unknown,
          status: response.status,
          message: typeof body === 'string' && body ? body : response.statusText,
        },
  );
}

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time, however many calls found their access token expired. */
function refreshSession(): Promise<boolean> {
  refreshing ??= send('POST', 'auth/refresh_token', {})
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Calls /api/{path}: cookies, x-platform web, JSON, 10 s timeout. An expired access token is
 * refreshed once and the call repeated. Resolves to the body; rejects with an ApiError.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { json, ...rest } = options;
  const withBody =
    json === undefined
      ? rest
      : {
          ...rest,
          body: JSON.stringify(json),
          headers: { ...rest.headers, 'content-type': 'application/json' },
        };
  let response = await send(method, path, withBody);
  if (response.status === 401 && !path.includes('auth/refresh_token')) {
    const peek = await response
      .clone()
      .json()
      .catch(() => null);
    if (isErrorObject(peek) && peek.type === ErrorType.TokenExpired && (await refreshSession())) {
      response = await send(method, path, withBody);
    }
  }
  return parse<T>(response);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, json }),
  patch: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, json }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
