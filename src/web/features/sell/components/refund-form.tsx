import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { formatNaira } from '../../../../domain/format';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { refundCashSale } from '../api/refund-sale';

/** Pays a cash sale back from the drawer (only one not handed over yet); needs the network. */
export function RefundForm({ online }: { online: boolean }) {
  const [orderNumber, setOrderNumber] = useState('');
  const [reason, setReason] = useState('');
  const keys = useIdempotencyKey();
  const refund = useMutation({
    mutationFn: (body: { orderNumber: string; reason: string }) => refundCashSale(body, keys.keyFor(body)),
    onSuccess: (result) => {
      keys.renew();
      setOrderNumber('');
      setReason('');
      notifications.show({
        color: 'green',
        title: 'Refunded',
        message: `${result.order.orderNumber}: give back ${formatNaira(result.refunded)} from the drawer.`,
      });
    },
    onError: (error: Error) => notifications.show({ color: 'red', title: 'Not refunded', message: error.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate({ orderNumber: orderNumber.trim().toUpperCase(), reason: reason.trim() });
  };
  const ready = orderNumber.trim().length >= 3 && reason.trim().length >= 3 && online;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="refund-title">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="refund-title">
            Refund a cash sale
          </Title>
          <Text size="sm">
            Only a cash sale not yet handed over. The cash comes out of your drawer and the products go back in stock.
          </Text>
          {/* One field a row: side by side, the number's description pushed the reason out of line, and a
              360 px phone squeezed both into half its width. */}
          <Stack gap="sm">
            <TextInput
              label="Order or receipt number"
              description="ARV-… or, for a sale made offline, the OFF-… on its receipt"
              placeholder="ARV-…"
              value={orderNumber}
              onChange={(e) => setOrderNumber(e.currentTarget.value)}
              size="md"
            />
            <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} size="md" />
          </Stack>
          {!online && <Text size="sm">Refunds need the network.</Text>}
          <Button type="submit" size="md" variant="default" disabled={!ready} loading={refund.isPending}>
            Refund from the drawer
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
