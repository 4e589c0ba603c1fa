import { normalizePhone } from '../../../domain/phone';

export type OutboxMessage = { to: string; body: string; createdAt: string };

/** Enough for a day of local testing; older messages fall off. */
const OUTBOX_CAPACITY = 500;

/**
 * The console provider's record of what it "sent", read by GET /api/dev/outbox in sandbox mode.
 * It lives in memory of one process: a sandbox convenience, not a delivery log.
 */
export class SmsOutbox {
  private readonly messages: OutboxMessage[] = [];

  add(to: string, body: string, now = new Date()): void {
    this.messages.push({ to, body, createdAt: now.toISOString() });
    if (this.messages.length > OUTBOX_CAPACITY) this.messages.splice(0, this.messages.length - OUTBOX_CAPACITY);
  }

  /** Newest first; `to` matches a phone in either form (local 0… or international 234…). */
  list(to?: string): OutboxMessage[] {
    const newestFirst = [...this.messages].reverse();
    if (!to) return newestFirst;
    const phone = normalizePhone(to);
    if (!phone.pass) return newestFirst.filter((m) => m.to === to);
    return newestFirst.filter((m) => m.to === phone.international || m.to === phone.local);
  }
}
