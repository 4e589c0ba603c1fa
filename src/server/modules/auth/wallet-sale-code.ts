import { OTP_EXPIRY_MS } from '../../../domain/constants';
import { formatNaira } from '../../../domain/format';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { type BoundCode, type BoundCodeDeps, issueBoundCode, verifyBoundCode } from './bound-code';
import { WALLET_SALE_CODE_SENDS_PER_CUSTOMER } from './limits';

// Wallet sale codes: the customer's consent to a counter sale paid from their wallet (counter
// module, README "Counter sales"). Anyone at a counter can type a phone number; only the wallet's
// owner receives the code, for this amount only (the amount is in the code's hash).

const forSale = (clientId: string, amount: number): BoundCode => ({
  purpose: 'wallet-sale',
  subjectId: clientId,
  scope: `wallet-sale:${clientId}:${amount}`,
});

export const walletSaleSmsBody = (code: string, amount: number) =>
  `Arrive: ${formatNaira(amount)} will be paid from your Arrive wallet at the gas center counter. Your code: ${code}. Give it to the cashier only if you are paying now. It expires in ${OTP_EXPIRY_MS / 60_000} minutes.`;

/** Texts the customer a code for paying `amount` (kobo) from their wallet at the counter. */
export function issueWalletSaleCode(
  deps: BoundCodeDeps & { sms: SmsProvider },
  input: { clientId: string; phoneInternational: string; amount: number },
): Promise<{ expiresAt: Date; attemptsAllowed: number }> {
  return issueBoundCode(deps, forSale(input.clientId, input.amount), {
    clientId: input.clientId,
    phoneInternational: input.phoneInternational,
    smsBody: (code) => walletSaleSmsBody(code, input.amount),
    maxSends: WALLET_SALE_CODE_SENDS_PER_CUSTOMER,
    tooMany: 'Too many codes were sent to this customer. Take cash or POS/transfer.',
    limitScope: 'customer',
  });
}

/** Spends the customer's newest wallet sale code, if it was sent for this very amount. */
export function verifyWalletSaleCode(deps: BoundCodeDeps, clientId: string, amount: number, code: string) {
  return verifyBoundCode(
    deps,
    forSale(clientId, amount),
    code,
    'No wallet code is waiting for this customer; send the sale again for a new one',
  );
}
