import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Outbound } from '../../lib/outbound';
import { createConsoleSmsProvider } from './console-provider';
import { SmsOutbox } from './outbox';
import type { SmsProvider } from './sms-provider';
import { createTermiiSmsProvider } from './termii-provider';

export type SmsService = { provider: SmsProvider; outbox: SmsOutbox };

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one SMS provider and console outbox, shared by auth, the dev outbox and anyone sending SMS. */
    sms: SmsService;
  }
}

type SmsConfig = Pick<Config, 'SMS_PROVIDER' | 'TERMII_API_KEY' | 'TERMII_BASE_URL' | 'TERMII_SENDER_ID'>;

/** What the service tells the operator's metrics; app.ts hands in the metrics plugin's (this layer imports no plugin). */
export type SmsMetrics = { smsSendFailed(provider: SmsProvider['name']): void };

/** The provider, counting each send that fails (every sender goes through it: codes, receipts, the outbox worker). */
function countingFailures(provider: SmsProvider, metrics: SmsMetrics): SmsProvider {
  return {
    name: provider.name,
    async send(message) {
      try {
        await provider.send(message);
      } catch (err) {
        metrics.smsSendFailed(provider.name);
        throw err;
      }
    },
  };
}

/** The SMS provider chosen by SMS_PROVIDER (console by default) and the console outbox. */
export function createSmsService(
  config: SmsConfig,
  log: FastifyBaseLogger,
  outbound: Outbound,
  metrics?: SmsMetrics,
): SmsService {
  const outbox = new SmsOutbox();
  const provider =
    config.SMS_PROVIDER === 'termii'
      ? createTermiiSmsProvider(config, log, outbound)
      : createConsoleSmsProvider(outbox, log);
  return { provider: metrics ? countingFailures(provider, metrics) : provider, outbox };
}
