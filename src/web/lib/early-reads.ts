// A screen's first reads, started by the app shell (main.tsx) as soon as its HTML has run, while
// the app's code is still on its way: on a 2G network that code takes a couple of seconds, and
// the sign-in check and the screen's data used to wait for it, then for each other. The api client
// takes each answer once (api-client.ts, `send`) instead of asking again; an answer nobody takes
// within a few seconds is forgotten.
import { LAGOS_UTC_OFFSET_MS, ORDER_HISTORY_PAGE_SIZE } from '../../domain/constants';
import { storedItem } from './storage';

/** The headers every call of the api client sends with a GET. */
export const API_READ_HEADERS = { 'x-platform': 'web', accept: 'application/json' } as const;

/** An answer older than this is not handed out: the app asks again. */
const FRESH_MS = 10_000;

type SearchParams = Record<string, string | number | boolean | undefined>;

/**
 * The name of a GET with its parameters, as both ends here write it: the path as the api client
 * names it, then the parameters that have a value, sorted by name.
 */
export function readKey(path: string, searchParams?: SearchParams): string {
  const entries = Object.entries(searchParams ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries).toString()}`;
}

/**
 * The Lagos day of a moment, yyyy-MM-dd, as the screens' date filters write it (domain/format.ts,
 * `lagosDateKey`). Written here in a line rather than imported: every visitor's device runs this
 * file, and the formatting module is the app's.
 */
export const lagosDay = (now: number) => new Date(now + LAGOS_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** A path segment as the router reads it (decoded), or as it is when it is not valid encoding. */
export const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A read of today's figures (a Lagos day, as the screens ask for it). */
const today =
  (path: string) =>
  (now: number): string => {
    const day = lagosDay(now);
    return readKey(path, { fromDate: day, toDate: day });
  };

/**
 * The gas center this device's counter last sold at (the shift's, as the counter saw it): the
 * counter's catalogue is its center's, and without this the catalogue's read waited for the
 * shift's answer. Not personal data: a tablet stays at its center whoever signs in on it.
 */
const COUNTER_CENTER_KEY = 'arrive.counter-center';

/** Remembers the center the counter sells at, for the next opening's early read. */
export function rememberCounterCenter(centerId: string | null) {
  try {
    if (centerId) localStorage.setItem(COUNTER_CENTER_KEY, centerId);
    else localStorage.removeItem(COUNTER_CENTER_KEY);
  } catch {
    // Storage off (a private window): the counter reads its catalogue after the shift, as before.
  }
}

/** The center the counter last sold at on this device, if it is known. */
export function rememberedCounterCenter(): string | null {
  return storedItem('localStorage', COUNTER_CENTER_KEY);
}

/**
 * Whether the staff member on this device was on a shift at the app's last look ('1' or '0'): the
 * staff's home is behind a shift, and a member off shift lands on the shift screen instead, whose
 * reads are then the ones to start. Not personal data, as the counter's center.
 */
const ON_SHIFT_KEY = 'arrive.on-shift';

/** Remembers whether the member is on a shift, for the next opening of the staff's home. */
export function rememberOnShift(onShift: boolean) {
  try {
    localStorage.setItem(ON_SHIFT_KEY, onShift ? '1' : '0');
  } catch {
    // Storage off (a private window): the home's reads go out as if on shift.
  }
}

/** Off shift at the last look: the home's reads would be refused, the shift screen's are wanted. */
const offShift = () => storedItem('localStorage', ON_SHIFT_KEY) === '0';
const onShiftOnly = (read: (now: number) => string) => (now: number) => (offShift() ? null : read(now));
const offShiftOnly = (read: string) => () => (offShift() ? read : null);

/** The counter's catalogue at the center it last sold at, as the api client names it (none unknown). */
const counterCatalogue = () => {
  const center = rememberedCounterCenter();
  return center ? readKey('product', { center }) : null;
};

/** The board of the shift's center, unless the address names another center's. */
const shiftBoard = () =>
  new URLSearchParams(globalThis.location?.search ?? '').has('center') ? null : 'delivery/board';

/**
 * What each app screen reads first, beyond the sign-in every screen checks: the reads that would
 * otherwise wait for the sign-in's answer and the screen's code (each one a round trip on 2G).
 * GETs as the api client names them (readKey), the ones of today's figures made for the moment.
 */
const SCREEN_READS: readonly (readonly [
  RegExp,
  readonly (string | ((now: number, path: RegExpExecArray) => string | null))[],
])[] = [
  // The shop, with the wallet and the saved card its checkout offers.
  [/^\/products\/?$/, ['product', 'wallet/client', 'payment/usable']],
  // An order's page (where the receipt and payment texts lead), with the wallet and the saved card
  // it offers to pay with; the order named as the api client names it.
  [
    /^\/order\/(?!history\/?$)([^/]+)\/?$/,
    [
      (_, path) => `order/${encodeURIComponent(safeDecode(path[1] ?? ''))}`,
      'wallet/client',
      'payment/usable',
      // Its card payments: a refunded one is explained on the page.
      (_, path) => `payment/order/${encodeURIComponent(safeDecode(path[1] ?? ''))}`,
      // The gas centers: the address and hours of the one a pickup is collected at.
      'centers',
    ],
  ],
  // The wallet, with its transactions (its first view draws both at once).
  [/^\/wallet\/?$/, ['wallet/client', 'wallet/transactions']],
  // The history's first page, all statuses (where a client lands after signing in).
  [/^\/order\/history\/?$/, [readKey('order/client', { pageSize: ORDER_HISTORY_PAGE_SIZE })]],
  // The staff's home and shift screens show the shift first; the shift screen lists today's
  // shifts and names the centers.
  [/^\/dashboard(\/shift)?\/?$/, ['shift/active']],
  [/^\/dashboard\/shift\/?$/, ['shift/today', 'centers']],
  // The counter: its shift, and beside it the catalogue of the center it last sold at.
  [/^\/dashboard\/sell\/?$/, ['shift/active', counterCatalogue]],
  // The dispatch board of the shift's center (a chosen center's board is read by the screen: its
  // read also tells the live channel which board this device follows), and the centers it names.
  [/^\/dashboard\/dispatch\/?$/, [shiftBoard, 'centers']],
  // The staff's home: today's orders and today's sales (every staff member's screen asks for the
  // company's; a role without it is then shown their own), and the centers. Off shift, the shift
  // screen's reads instead: the home sends the member there.
  [
    /^\/dashboard\/?$/,
    [
      onShiftOnly(today('admin/orders')),
      onShiftOnly(today('sales')),
      offShiftOnly('shift/today'),
      // The cards' center filters and the shift screen's names.
      'centers',
    ],
  ],
];

type EarlyRead = { answer: Promise<Response | null>; startedAt: number };
const started = new Map<string, EarlyRead>();

/** Starts the sign-in check and the screen's own first reads for `pathname`. */
export function startEarlyReads(pathname: string, now = Date.now()) {
  if (typeof fetch !== 'function') return;
  const paths = [
    'auth/cookie_auth',
    ...SCREEN_READS.flatMap(([pattern, reads]) => {
      const path = pattern.exec(pathname);
      return path ? reads.map((read) => (typeof read === 'string' ? read : read(now, path))) : [];
    }),
  ].filter((path): path is string => path !== null);
  for (const path of paths) {
    const answer = fetch(`/api/${path}`, { credentials: 'include', headers: API_READ_HEADERS }).catch(() => null);
    started.set(path, { answer, startedAt: now });
  }
}

/** The early answer for a GET of `path` (readKey), once; none if too old. */
export function takeEarlyRead(path: string, now = Date.now()): Promise<Response | null> | undefined {
  const read = started.get(path);
  if (!read) return undefined;
  started.delete(path);
  return now - read.startedAt <= FRESH_MS ? read.answer : undefined;
}
