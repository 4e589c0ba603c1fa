// A screen's first reads, started by the app shell (main.tsx) as soon as its HTML has run, while
// the app's code is still on its way: on a 2G network that code takes a couple of seconds, and
// the sign-in check and the screen's data used to wait for it, then for each other. The api client
// takes each answer once (api-client.ts, `send`) instead of asking again; an answer nobody takes
// within a few seconds is forgotten.

/** The headers every call of the api client sends with a GET. */
export const API_READ_HEADERS = { 'x-platform': 'web', accept: 'application/json' } as const;

/** An answer older than this is not handed out: the app asks again. */
const FRESH_MS = 10_000;

/**
 * What each app screen reads first, beyond the sign-in every screen checks: the reads that would
 * otherwise wait for the sign-in's answer and the screen's code (each one a round trip on 2G).
 * Only GETs without parameters, as the api client names them.
 */
const SCREEN_READS: readonly (readonly [RegExp, readonly string[]])[] = [
  // The shop, with the wallet and the saved card its checkout offers.
  [/^\/products\/?$/, ['product', 'wallet/client', 'payment/usable']],
  [/^\/wallet\/?$/, ['wallet/client']],
  // The staff's home and shift screens show the shift first.
  [/^\/dashboard(\/shift)?\/?$/, ['shift/active']],
];

type EarlyRead = { answer: Promise<Response | null>; startedAt: number };
const started = new Map<string, EarlyRead>();

/** Starts the sign-in check and the screen's own first reads for `pathname`. */
export function startEarlyReads(pathname: string, now = Date.now()) {
  if (typeof fetch !== 'function') return;
  const paths = [
    'auth/cookie_auth',
    ...SCREEN_READS.flatMap(([pattern, reads]) => (pattern.test(pathname) ? reads : [])),
  ];
  for (const path of paths) {
    const answer = fetch(`/api/${path}`, { credentials: 'include', headers: API_READ_HEADERS }).catch(() => null);
    started.set(path, { answer, startedAt: now });
  }
}

/** The early answer for a GET of `path` (as the api client names it), once; none if too old. */
export function takeEarlyRead(path: string, now = Date.now()): Promise<Response | null> | undefined {
  const read = started.get(path);
  if (!read) return undefined;
  started.delete(path);
  return now - read.startedAt <= FRESH_MS ? read.answer : undefined;
}
