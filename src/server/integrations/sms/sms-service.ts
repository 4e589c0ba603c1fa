import type { FastifyInstance } from 'fastify';
import { createConsoleSmsProvider } from './console-provider';
import { SmsOutbox } from './outbox';
import type { SmsProvider } from './sms-provider';
import { createTermiiSmsProvider } from './termii-provider';

export type SmsService = { provider: SmsProvider; outbox: SmsOutbox };

// Keyed by the app's config object, which is one per built app: every module of one app (auth,
// dev outbox, anyone else sending SMS) shares one provider and outbox, while two apps in one test
// process never see each other's messages. A root decoration would do the same, but the
// module plugins are encapsulated and may not touch app.ts.
const services = new WeakMap<object, SmsService>();

/** The SMS provider chosen by SMS_PROVIDER (console by default) and the console outbox. */
export function smsServiceFor(app: Pick<FastifyInstance, 'config' | 'log'>): SmsService {
  const existing = services.get(app.config);
  if (existing) return existing;
  const outbox = new SmsOutbox();
  const provider =
    app.config.SMS_PROVIDER === 'termii'
      ? createTermiiSmsProvider(app.config, app.log)
      : createConsoleSmsProvider(outbox, app.log);
  const service = { provider, outbox };
  services.set(app.config, service);
  return service;
}
