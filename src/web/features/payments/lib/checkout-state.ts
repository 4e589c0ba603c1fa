import { PaymentPurpose } from '../../../../domain/enums';

/**
 * What the screen sending the client to pay puts in the router state of /payment/redirect:
 * an order to pay (the redirect screen initiates it), or a wallet top-up already initialized.
 */
export type PaymentRedirectState =
  | { purpose: typeof PaymentPurpose.OrderPayment; orderNumber: string }
  | {
      purpose: typeof PaymentPurpose.FundWallet;
      paymentNumber: string;
      ref: string;
      accessCode: string;
      authorizationUrl?: string;
    };

/** Router state the payment screen receives from the redirect screen. */
export type PaymentScreenState = { paymentNumber?: string };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const text = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';

/** Router state comes from history and may be anything (or nothing, after a reload). */
export function readRedirectState(state: unknown): PaymentRedirectState | null {
  if (!isRecord(state)) return null;
  if (state.purpose === PaymentPurpose.OrderPayment && text(state.orderNumber)) {
    return { purpose: PaymentPurpose.OrderPayment, orderNumber: state.orderNumber };
  }
  if (
    state.purpose === PaymentPurpose.FundWallet &&
    text(state.paymentNumber) &&
    text(state.ref) &&
    text(state.accessCode)
  ) {
    return {
      purpose: PaymentPurpose.FundWallet,
      paymentNumber: state.paymentNumber,
      ref: state.ref,
      accessCode: state.accessCode,
      ...(text(state.authorizationUrl) ? { authorizationUrl: state.authorizationUrl } : {}),
    };
  }
  return null;
}

export function readPaymentScreenState(state: unknown): PaymentScreenState {
  return isRecord(state) && text(state.paymentNumber) ? { paymentNumber: state.paymentNumber } : {};
}

export const isWalletFunding = (purpose: string | undefined) => purpose === PaymentPurpose.FundWallet;
