import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type Outbound, OutboundError } from '../../lib/outbound';
import {
  buildPushRequest,
  generateVapidKeys,
  type PushTarget,
  type VapidKeys,
  vapidPrivateKeyObject,
} from './web-push';

const PUSH_TIMEOUT_MS = 10_000;

/**
 * The browsers' push services (Chrome and most Android browsers, Firefox, Safari, Edge): the only
 * hosts the server sends to, in every mode. An endpoint is a client's word, and the server POSTs
 * to it, so any other (an address inside our network) would be a request made on an attacker's
 * behalf. A test's own listener is reached only when the test names its origin.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

/** Whether a subscription's endpoint is a browser's push service, on https and its own port. */
export function isKnownPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    !url.username &&
    !url.password &&
    PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
  );
}

/**
 * Whether the server may keep and send to this endpoint: a browser's push service, or an origin
 * the configuration explicitly lets the outbound client reach (a test's listener).
 */
export function isAcceptedPushEndpoint(endpoint: string, outbound: Pick<Outbound, 'allowsLocal'>): boolean {
  return isKnownPushService(endpoint) || outbound.allowsLocal(endpoint);
}

/** What a push service said: delivered, or the subscription is gone (expired or revoked: forget it). */
export type PushOutcome = 'sent' | 'gone';

export type PushService = {
  /** The server's VAPID public key for `subscribe()`; null when push is off (production without keys). */
  readonly publicKey: string | null;
  /** Throws when the push service could not be reached or refused for a reason worth retrying. */
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push (VAPID), shared by the notification worker and the settings route. */
    push: PushService;
  }
}

type PushConfig = Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'production' | 'publicUrl'>;

export class PushSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PushSendError';
  }
}

const disabled: PushService = {
  publicKey: null,
  async send() {
    throw new PushSendError('Web Push is not configured');
  },
};

/**
 * Web Push with the configured VAPID keys. Outside production a missing pair is replaced by a
 * new one for this run (subscriptions made with it stop working after a restart, which is fine
 * for development). In production a missing or broken pair turns push off with a warning; the
 * server still starts and SMS still goes out.
 */
export function createPushService(config: PushConfig, log: FastifyBaseLogger, outbound: Outbound): PushService {
  let keys: VapidKeys | null =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : null;
  if (!keys) {
    if (config.production) {
      log.warn('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: Web Push notifications are off (SMS still works)');
      return disabled;
    }
    keys = generateVapidKeys();
    log.info(
      'Web Push uses a VAPID key pair made for this run (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to keep one)',
    );
  }
  let privateKey: ReturnType<typeof vapidPrivateKeyObject>;
  try {
    privateKey = vapidPrivateKeyObject(keys);
  } catch (err) {
    log.warn({ reason: (err as Error).message }, 'The VAPID keys are not usable: Web Push notifications are off');
    return disabled;
  }
  const vapid = { keys, privateKey, subject: config.VAPID_SUBJECT ?? config.publicUrl };
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      // A subscription kept before the endpoint was checked: never called, and forgotten.
      if (!isAcceptedPushEndpoint(target.endpoint, outbound)) return 'gone';
      const request = buildPushRequest(target, payload, vapid);
      let response: Response;
      try {
        response = await outbound.fetch(request.url, {
          method: 'POST',
          headers: request.headers,
          body: request.body,
          timeoutMs: PUSH_TIMEOUT_MS,
        });
      } catch (err) {
        const reason = err instanceof OutboundError ? err.reason : (err as Error).name;
        throw new PushSendError(`The push service could not be reached (${reason})`, (err as OutboundError).status);
      }
      await response.body?.cancel().catch(() => {});
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new PushSendError(`The push service answered ${response.status}`, response.status);
      return 'sent';
    },
  };
}
