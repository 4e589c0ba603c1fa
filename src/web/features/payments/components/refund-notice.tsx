import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { orderPaymentsQueryOptions } from '../api/get-order-payments';
import { refundText, refundTitle } from '../lib/refund-text';

/**
 * On an order's page: one line per card payment of the order that was refunded automatically
 * (the order was paid another way while its checkout was open, or cancelled). Nothing otherwise.
 */
export function RefundNotice({ orderNumber }: { orderNumber: string }) {
  const payments = useQuery(orderPaymentsQueryOptions(orderNumber));
  const refunded = (payments.data ?? []).filter((p) => p.refund);
  if (refunded.length === 0) return null;
  return (
    <Stack gap="xs">
      {refunded.map((p) => (
        <Alert
          key={p.paymentNumber}
          color={p.refund?.status === 'failed' || p.refund?.status === 'needs-attention' ? 'orange' : 'blue'}
          title={refundTitle(p)}
          role="status"
        >
          {refundText(p)}
        </Alert>
      ))}
    </Stack>
  );
}
