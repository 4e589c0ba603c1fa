import type { CheckoutCallbacks } from './checkout-callbacks';

/**
 * Live mode: Paystack's own pop-up for an access code the server initialized. Loaded on demand
 * so only the payment screen downloads it.
 */
export async function openPaystackPopup(accessCode: string, callbacks: CheckoutCallbacks): Promise<() => void> {
  const { default: PaystackPop } = await import('@paystack/inline-js');
  const popup = new PaystackPop();
  const transaction = popup.resumeTransaction(accessCode, {
    onLoad: () => callbacks.onLoad(),
    onSuccess: (t) => callbacks.onSuccess({ reference: t.reference }),
    onCancel: () => callbacks.onCancel(),
    onError: (e) => callbacks.onError({ message: e.message }),
  });
  return () => transaction?.cancelTransaction?.();
}
