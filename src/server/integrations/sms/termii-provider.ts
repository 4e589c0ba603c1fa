import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type Outbound, OutboundError } from '../../lib/outbound';
import { type SmsMessage, type SmsProvider, SmsSendError } from './sms-provider';

const TERMII_TIMEOUT_MS = 10_000;

type TermiiConfig = Pick<Config, 'TERMII_API_KEY' | 'TERMII_BASE_URL' | 'TERMII_SENDER_ID'>;

/** Shows enough of a number to trace a delivery without putting the whole number in the logs. */
export const maskPhone = (phone: string) =>
  phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';

/**
 * Termii's "send message" call (POST {base}/api/sms/send). The `dnd` channel reaches numbers on
 * the do-not-disturb register, which a one-time code must. Neither the body nor the API key is
 * ever logged or put in an error.
 */
export function createTermiiSmsProvider(config: TermiiConfig, log: FastifyBaseLogger, outbound: Outbound): SmsProvider {
  const url = `${config.TERMII_BASE_URL.replace(/\/$/, '')}/api/sms/send`;
  return {
    name: 'termii',
    async send({ to, body }: SmsMessage) {
      if (!config.TERMII_API_KEY) throw new SmsSendError('Termii is not configured');
      let response: Response;
      try {
        response = await outbound.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: config.TERMII_API_KEY,
            to,
            from: config.TERMII_SENDER_ID,
            sms: body,
            type: 'plain',
            channel: 'dnd',
          }),
          timeoutMs: TERMII_TIMEOUT_MS,
        });
      } catch (err) {
        const reason = err instanceof OutboundError ? err.reason : err instanceof Error ? err.name : 'unknown';
        log.warn({ provider: 'termii', to: maskPhone(to), reason }, 'SMS could not reach Termii');
        throw new SmsSendError('The SMS provider could not be reached');
      }
      const answer = (await response.json().catch(() => null)) as { message_id?: unknown } | null;
      if (!response.ok) {
        log.warn({ provider: 'termii', to: maskPhone(to), status: response.status }, 'Termii refused the SMS');
        throw new SmsSendError('The SMS provider refused the message', response.status);
      }
      log.info(
        {
          provider: 'termii',
          to: maskPhone(to),
          messageId: typeof answer?.message_id === 'string' ? answer.message_id : undefined,
        },
        'SMS sent',
      );
    },
  };
}
