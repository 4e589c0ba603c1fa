/** One text message to one phone, given in the international form (234…). */
export type SmsMessage = { to: string; body: string };

/**
 * Where one-time codes go out. Implementations must never write the body of a message to the
 * logs unless they are the console provider, whose whole purpose is to show it.
 */
export interface SmsProvider {
  readonly name: 'console' | 'termii';
  send(message: SmsMessage): Promise<void>;
}

/** A provider could not deliver; the message is safe to show (no code, no key). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
