import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { type CheckoutCallbacks, isSandboxCheckoutMessage } from '../lib/checkout-callbacks';
import { PaymentDialog } from './payment-dialog';

/**
 * The sandbox stand-in for Paystack's pop-up: the emulator's checkout page in an overlay, with
 * the same callbacks. The page reports back with postMessage, as Paystack's iframe does.
 */
export function SandboxCheckout({ accessCode, callbacks }: { accessCode: string; callbacks: CheckoutCallbacks }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  // The latest callbacks without re-subscribing (and re-reading messages) on every render.
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isSandboxCheckoutMessage(event.data, accessCode)) return;
      const message = event.data;
      if (message.type === 'loaded') latest.current.onLoad();
      else if (message.type === 'success') latest.current.onSuccess({ reference: message.reference ?? '' });
      else if (message.type === 'cancel') latest.current.onCancel();
      else
        latest.current.onError({
          message: message.message ?? 'Checkout failed',
          ...(message.status === 'failed' ? { declined: true } : {}),
        });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [accessCode]);

  return (
    <PaymentDialog
      opened
      onClose={() => latest.current.onCancel()}
      title="Paystack checkout (sandbox)"
      closeLabel="Close checkout"
      fullScreen={Boolean(narrow)}
    >
      <iframe
        title="Paystack checkout"
        src={`/sandbox/checkout/${encodeURIComponent(accessCode)}`}
        style={{ width: '100%', height: narrow ? 'calc(100dvh - 80px)' : 480, border: 0, display: 'block' }}
      />
    </PaymentDialog>
  );
}
