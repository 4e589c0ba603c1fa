/** The callbacks of Paystack's resumeTransaction, shared by the live pop-up and the sandbox overlay. */
export type CheckoutCallbacks = {
  onLoad: () => void;
  onSuccess: (result: { reference: string }) => void;
  onCancel: () => void;
  /** `declined`: the card was declined (message is the bank's reason), not a page that failed. */
  onError: (error: { message: string; declined?: boolean }) => void;
};

/** What the emulator's checkout page posts to the page that opened it. */
export const SANDBOX_CHECKOUT_SOURCE = 'arrive-paystack-emulator';

export type SandboxCheckoutMessage = {
  source: typeof SANDBOX_CHECKOUT_SOURCE;
  type: 'loaded' | 'success' | 'cancel' | 'error';
  accessCode: string;
  reference?: string;
  message?: string;
  /** The transaction's status after the action ('failed' for a declined card). */
  status?: string;
};

export function isSandboxCheckoutMessage(data: unknown, accessCode: string): data is SandboxCheckoutMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.source === SANDBOX_CHECKOUT_SOURCE &&
    m.accessCode === accessCode &&
    (m.type === 'loaded' || m.type === 'success' || m.type === 'cancel' || m.type === 'error')
  );
}

/** A checkout that has not shown itself after this long is treated as failed to load. */
export const CHECKOUT_LOAD_TIMEOUT_MS = 20_000;
