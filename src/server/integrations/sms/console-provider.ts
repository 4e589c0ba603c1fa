import type { FastifyBaseLogger } from 'fastify';
import type { SmsOutbox } from './outbox';
import type { SmsMessage, SmsProvider } from './sms-provider';

/** Development delivery: the message is logged and kept in the outbox instead of being sent. */
export function createConsoleSmsProvider(outbox: SmsOutbox, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async send({ to, body }: SmsMessage) {
      outbox.add(to, body);
      log.info({ to, sms: body }, 'SMS (console provider, not sent)');
    },
  };
}
