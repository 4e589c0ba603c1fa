import { OTP_EXPIRY_MS } from '../../../domain/constants';
import { formatNaira } from '../../../domain/format';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { type BoundCode, type BoundCodeDeps, issueBoundCode, verifyBoundCode } from './bound-code';
import { WALLET_SALE_CODE_SENDS_PER_CUSTOMER } from './limits';

// Wallet sale codes: the customer's consent to a counter sale paid from their wallet (counter
// module; docs/product.md, "Counter sales"). Anyone at a counter can type a phone number; only the wallet's
// owner receives the code, for this amount and this basket only (both are in the code's hash: the
// customer reads the amount in the text, and another basket of the same total takes a new code).

/** A sale as its code is bound to: the amount (kobo) and the basket's fingerprint (domain `basketOf`). */
export type WalletSale = { amount: number; basket: string };

const forSale = (clientId: string, sale: WalletSale): BoundCode => ({
  purpose: 'wallet-sale',
  subjectId: clientId,
  scope: `wallet-sale:${clientId}:${sale.amount}:${sale.basket}`,
});

export const walletSaleSmsBody = (code: string, amount: number) =>
  `Arrive: ${formatNaira(amount)} will be paid from your Arrive wallet at the gas center counter. Your code: ${code}. Give it to the cashier only if you are paying now. It expires in ${OTP_EXPIRY_MS / 60_000} minutes.`;

/** Texts the customer a code for paying `amount` (kobo) from their wallet at the counter. */
export function issueWalletSaleCode(
  deps: BoundCodeDeps & { sms: SmsProvider },
  input: { clientId: string; phoneInternational: string; staffId?: string } & WalletSale,
): Promise<{ expiresAt: Date; attemptsAllowed: number }> {
  return issueBoundCode(deps, forSale(input.clientId, input), {
    clientId: input.clientId,
    phoneInternational: input.phoneInternational,
    smsBody: (code) => walletSaleSmsBody(code, input.amount),
    maxSends: WALLET_SALE_CODE_SENDS_PER_CUSTOMER,
    tooMany: 'Too many codes were sent to this customer. Take cash or POS/transfer.',
    limitScope: 'customer',
    staffId: input.staffId,
    instead: 'Take cash or POS/transfer.',
  });
}

/** Spends the customer's newest wallet sale code, if it was sent for this very amount and basket. */
export function verifyWalletSaleCode(deps: BoundCodeDeps, clientId: string, sale: WalletSale, code: string) {
  return verifyBoundCode(
    deps,
    forSale(clientId, sale),
    code,
    'No wallet code is waiting for this customer; send the sale again for a new one',
  );
}
