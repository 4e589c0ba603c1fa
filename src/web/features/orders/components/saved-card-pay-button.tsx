import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Order } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { CardDeclinedDialog } from '../../../components/card-declined-dialog';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { orderKeys } from '../api/keys';
import { payWithSavedCard } from '../api/pay-with-saved-card';

type Props = {
  order: Order;
  card: SavedCard;
  /** The button's words (lib/order-model.ts); "Pay with card ending 4081" when not given. */
  label?: string;
  disabled: boolean;
  onError: (message: string) => void;
  /** Charge at once, once (the client tapped it on the order's first view); `onChargeStarted` then. */
  chargeNow?: boolean;
  onChargeStarted?: () => void;
};

/**
 * "Pay with card ending 4081" on an unpaid order: one tap with the saved card. A decline opens the
 * 'Payment error' dialog with the bank's reason; once paid the order refreshes to Paid.
 */
export function SavedCardPayButton({
  order,
  card,
  label,
  disabled,
  onError,
  chargeNow = false,
  onChargeStarted,
}: Props) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const [attempt, setAttempt] = useState(1);
  const [declined, setDeclined] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: payWithSavedCard,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  const charge = (n: number) => {
    setAttempt(n);
    pay.mutate(
      // A new key per attempt: after a decline "Try again" is a new charge; a lost answer is not.
      { orderNumber: order.orderNumber, idempotencyKey: keys.keyFor({ orderNumber: order.orderNumber, savedCard: n }) },
      {
        onSuccess: (payment) => setDeclined(payment.status === 'failed' ? (payment.declineReason ?? 'Declined') : null),
        onError: (error) => onError(error.message),
      },
    );
  };
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: charged once, when asked to be
  useEffect(() => {
    if (!chargeNow || started.current || disabled) return;
    started.current = true;
    onChargeStarted?.();
    charge(attempt);
  }, [chargeNow]);
  return (
    <>
      <Button mih={44} loading={pay.isPending} disabled={disabled} onClick={() => charge(attempt)}>
        {label ?? `Pay with card ending ${card.last4}`}
      </Button>
      <CardDeclinedDialog
        opened={declined !== null}
        reason={declined ?? ''}
        retrying={pay.isPending}
        onTryAgain={() => charge(attempt + 1)}
        onClose={() => {
          setDeclined(null);
          setAttempt((n) => n + 1);
        }}
      />
    </>
  );
}
