import { OTP_EXPIRY_MS } from '../../../domain/constants';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { type BoundCode, type BoundCodeDeps, issueBoundCode, verifyBoundCode } from './bound-code';
import { HANDOVER_CODE_SENDS_PER_ORDER } from './limits';

// Hand-over codes: a one-time code texted to an order's owner so the counter can hand the order
// over when the owner's phone has no data (pickup module, README): a code bound to one order
// (./bound-code), its sends limited per order instead of per address.

const forOrder = (orderId: string): BoundCode => ({
  purpose: 'handover',
  subjectId: orderId,
  scope: `handover:${orderId}`,
});

export const handoverSmsBody = (code: string, orderNumber: string) =>
  `Arrive: your hand-over code for order ${orderNumber} is ${code}. Read it out at the gas center counter only. It expires in ${OTP_EXPIRY_MS / 60_000} minutes.`;

/**
 * Texts a new hand-over code for one order to its owner's phone. An earlier open code of the
 * same order is closed ('replaced'): only the newest works. At most HANDOVER_CODE_SENDS_PER_ORDER
 * codes an hour per order; a send that fails closes its code and answers OPTSendFailed.
 */
export function issueHandoverCode(
  deps: BoundCodeDeps & { sms: SmsProvider },
  input: { orderId: string; orderNumber: string; clientId: string; phoneInternational: string; staffId?: string },
): Promise<{ expiresAt: Date; attemptsAllowed: number }> {
  return issueBoundCode(deps, forOrder(input.orderId), {
    clientId: input.clientId,
    phoneInternational: input.phoneInternational,
    smsBody: (code) => handoverSmsBody(code, input.orderNumber),
    maxSends: HANDOVER_CODE_SENDS_PER_ORDER,
    tooMany: 'Too many codes were sent for this order. Ask a supervisor to approve the hand-over.',
    limitScope: 'order',
    staffId: input.staffId,
    instead: 'Ask a supervisor to approve the hand-over.',
  });
}

/**
 * Spends the newest open hand-over code of this order: a code sent for another order never
 * matches (its row and its hash name that order). Wrong tries burn it as they burn sign-in codes.
 */
export function verifyHandoverCode(deps: BoundCodeDeps, orderId: string, code: string): Promise<void> {
  return verifyBoundCode(deps, forOrder(orderId), code, 'No hand-over code is waiting for this order; send a new one');
}
