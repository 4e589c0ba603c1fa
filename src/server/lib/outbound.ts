import { lookup as dnsLookup } from 'node:dns/promises';
import { type ClientRequest, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/*
 * The server's one way out to the network. Every call to a provider (Web Push, Paystack, Termii,
 * Google Maps) goes through here, because some of these addresses come from outside: a browser
 * names its push endpoint, an operator names a base URL. Without this gate the server would be a
 * proxy into its own network (cloud metadata at 169.254.169.254, the database, an admin port).
 *
 * The rules: https only; the name is resolved first and every address it resolves to must be a
 * public one, and the connection is made to that checked address (a second DNS answer cannot swap
 * it); redirects are never followed; connect and total time are short. An origin may be let through
 * although it is local or plain http only when the configuration (or a test) names it exactly.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to its addresses (tests give one that answers what they need). */
export type OutboundResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundOptions = {
  /**
   * Origins (scheme://host:port) reachable although they are plain http or a local address: a
   * test's own listener or a developer's local stand-in. Matched exactly; never set in production.
   */
  allowLocal?: readonly string[];
  resolve?: OutboundResolver;
  /** From the start of the call until the connection (and TLS) is up. */
  connectTimeoutMs?: number;
  /** The whole call: resolving, connecting, sending and reading the answer. */
  timeoutMs?: number;
  /** A longer answer is cut off and the call fails (no provider answers more than a little JSON). */
  maxResponseBytes?: number;
};

export type OutboundInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Shorter than the client's own total timeout, for one call. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

export type OutboundErrorReason =
  | 'bad-url'
  | 'scheme'
  | 'credentials'
  | 'address'
  | 'unresolvable'
  | 'redirect'
  | 'timeout'
  | 'network'
  | 'too-large';

/** A call refused before it left (bad target) or failed on the way (timeout, redirect, network). */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly reason: OutboundErrorReason,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface Outbound {
  /** A fetch-shaped call through the gate; throws OutboundError when refused or failed. */
  fetch(url: string | URL, init?: OutboundInit): Promise<Response>;
  /** Whether `url` is on one of the explicitly allowed local origins. */
  allowsLocal(url: string | URL): boolean;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

// ── Which addresses are public ──

type Cidr = readonly [bytes: readonly number[], prefix: number];

const V4_BLOCKED: readonly Cidr[] = [
  [[0, 0, 0, 0], 8], // "this network", including the unspecified 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata lives here)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and the broadcast address
];

const hex = (h: number) => [h >> 8, h & 0xff];
const V6_BLOCKED: readonly Cidr[] = [
  [[], 8], // ::/8: unspecified, loopback, IPv4-compatible (IPv4-mapped and NAT64 are checked first)
  [[0x01, 0x00, ...Array(6).fill(0)], 64], // discard-only
  [[...hex(0x2001), 0, 0], 23], // IETF protocol assignments (Teredo among them)
  [[...hex(0x2001), ...hex(0x0db8)], 32], // documentation
  [[0xfc], 7], // unique-local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inCidr(bytes: readonly number[], [base, prefix]: Cidr): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[i] ?? 0) & mask) !== ((base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | null {
  if (isIP(text) !== 4) return null;
  return text.split('.').map(Number);
}

function ipv6Bytes(text: string): number[] | null {
  const bare = text.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let tail: number[] = [];
  let head = bare;
  // A trailing dotted quad (::ffff:127.0.0.1) is the last 32 bits.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (quad?.[1]) {
    tail = ipv4Bytes(quad[1]) ?? [];
    head = `${bare.slice(0, -quad[1].length)}0:0`;
    tail = tail.length === 4 ? tail : [];
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const middle = right === undefined ? [] : Array(8 - l.length - r.length).fill(0);
  const bytes = [...l, ...middle, ...r].flatMap(hex);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

const isPublicV4 = (bytes: readonly number[]) => !V4_BLOCKED.some((cidr) => inCidr(bytes, cidr));

/**
 * Whether an address is a public one the server may connect to: not loopback, private,
 * link-local, unique-local, carrier-grade NAT, unspecified, multicast or reserved, nor an IPv6
 * form (IPv4-mapped, NAT64, 6to4) of such an IPv4 address. Anything unreadable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return isPublicV4(v4);
  const v6 = ipv6Bytes(address);
  if (!v6) return false;
  const zeros = (from: number, to: number) => v6.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d reaches a.b.c.d.
  if (zeros(0, 10) && v6[10] === 0xff && v6[11] === 0xff) return isPublicV4(v6.slice(12));
  // 64:ff9b::a.b.c.d (NAT64) reaches a.b.c.d.
  if (v6[0] === 0 && v6[1] === 0x64 && v6[2] === 0xff && v6[3] === 0x9b && zeros(4, 12)) {
    return isPublicV4(v6.slice(12));
  }
  // 2002:aabb:ccdd::/48 (6to4) reaches aa.bb.cc.dd.
  if (v6[0] === 0x20 && v6[1] === 0x02) return isPublicV4(v6.slice(2, 6));
  return !V6_BLOCKED.some((cidr) => inCidr(v6, cidr));
}

// ── The client ──

const systemResolver: OutboundResolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** An origin as URL writes it (scheme://host[:port], default port left out); null when unreadable. */
export function originOf(url: string | URL): string | null {
  try {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Fetch's rule: these statuses carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function createOutbound(options: OutboundOptions = {}): Outbound {
  const allowed = new Set<string>();
  for (const entry of options.allowLocal ?? []) {
    const origin = originOf(entry);
    if (!origin) throw new Error(`Not an origin: ${entry}`);
    allowed.add(origin);
  }
  const resolve = options.resolve ?? systemResolver;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const totalTimeoutMs = options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  const allowsLocal = (url: string | URL) => {
    const origin = originOf(url);
    return origin !== null && allowed.has(origin);
  };

  /** The checked address the connection must use; throws when the target may not be reached. */
  async function checkedAddress(url: URL, local: boolean): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = isIP(host);
    let answers: ResolvedAddress[];
    if (literal) {
      answers = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        answers = await resolve(host);
      } catch {
        throw new OutboundError(`${host} could not be resolved`, 'unresolvable');
      }
    }
    const first = answers[0];
    if (!first) throw new OutboundError(`${host} could not be resolved`, 'unresolvable');
    // Every answer must be public: with one local answer among them, a later connection (or a
    // client library's retry) could land on it.
    if (!local && !answers.every((a) => isPublicAddress(a.address))) {
      throw new OutboundError(`${host} is a local or private address and is not reachable from this server`, 'address');
    }
    return first;
  }

  async function call(input: string | URL, init: OutboundInit = {}): Promise<Response> {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new OutboundError('Not a URL', 'bad-url');
    }
    const local = allowed.has(url.origin);
    if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) {
      throw new OutboundError(`Only https is allowed (not ${url.protocol})`, 'scheme');
    }
    if (url.username || url.password) throw new OutboundError('A URL with credentials is refused', 'credentials');

    const timeoutMs = Math.min(init.timeoutMs ?? totalTimeoutMs, totalTimeoutMs);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new OutboundError(`No answer within ${timeoutMs} ms`, 'timeout')),
      timeoutMs,
    );
    timer.unref();
    const onOuterAbort = () => controller.abort(new OutboundError('The call was cancelled', 'timeout'));
    init.signal?.addEventListener('abort', onOuterAbort, { once: true });
    if (init.signal?.aborted) onOuterAbort();
    try {
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
        if (controller.signal.aborted) reject(controller.signal.reason);
      });
      aborted.catch(() => {});
      const pinned = await Promise.race([checkedAddress(url, local), aborted]);
      return await Promise.race([send(url, pinned, init, controller.signal), aborted]);
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  function send(url: URL, pinned: ResolvedAddress, init: OutboundInit, signal: AbortSignal): Promise<Response> {
    return new Promise<Response>((resolvePromise, reject) => {
      // The connection goes to the address checked above, whatever the name resolves to now.
      const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
        if (lookupOptions.all) {
          (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
        } else {
          callback(null, pinned.address, pinned.family);
        }
      };
      const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const body = init.body === undefined ? undefined : Buffer.from(init.body);
      let req: ClientRequest;
      const fail = (err: unknown) => {
        reject(
          err instanceof OutboundError
            ? err
            : new OutboundError(
                `The call failed (${(err as NodeJS.ErrnoException)?.code ?? (err as Error)?.name ?? 'error'})`,
                'network',
              ),
        );
      };
      try {
        req = requestFn({
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? 'GET',
          headers: {
            ...init.headers,
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          lookup,
          agent: false,
          signal,
        });
      } catch (err) {
        fail(err);
        return;
      }
      const connectTimer = setTimeout(() => {
        req.destroy(new OutboundError(`No connection within ${connectTimeoutMs} ms`, 'timeout'));
      }, connectTimeoutMs);
      connectTimer.unref();
      req.on('socket', (socket) => {
        const connected = url.protocol === 'https:' ? 'secureConnect' : 'connect';
        socket.once(connected, () => clearTimeout(connectTimer));
      });
      req.on('error', (err) => {
        clearTimeout(connectTimer);
        fail(signal.aborted ? signal.reason : err);
      });
      req.on('response', (res: IncomingMessage) => {
        clearTimeout(connectTimer);
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          reject(
            new OutboundError(`The server answered a redirect (${status}), which is not followed`, 'redirect', status),
          );
          return;
        }
        if (status < 200 || status > 599) {
          res.destroy();
          reject(new OutboundError(`The server answered an unusable status (${status})`, 'network', status));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new OutboundError(`The answer is longer than ${maxBytes} bytes`, 'too-large', status));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (err) => fail(signal.aborted ? signal.reason : err));
        res.on('end', () => {
          resolvePromise(
            new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
              status,
              statusText: res.statusMessage ?? '',
              headers: responseHeaders(res.headers),
            }),
          );
        });
      });
      req.end(body);
    });
  }

  return { fetch: call, allowsLocal };
}
