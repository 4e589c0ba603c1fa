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

/** The SMS provider chosen by SMS_PROVIDER (console by default) and the console outbox. */
export function createSmsService(config: SmsConfig, log: FastifyBaseLogger, outbound: Outbound): SmsService {
  const outbox = new SmsOutbox();
  const provider =
    config.SMS_PROVIDER === 'termii'
      ? createTermiiSmsProvider(config, log, outbound)
      : createConsoleSmsProvider(outbox, log);
  return { provider, outbox };
}
