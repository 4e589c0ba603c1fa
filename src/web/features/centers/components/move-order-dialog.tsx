import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { moveOrderBodySchema } from '../../../../domain/schemas/order';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { moveOrderToCenter } from '../api/centers';
import { centersQueryOptions } from '../api/get-centers';

/** What the action needs of the order (the staff order detail). */
export type MovableOrder = {
  id: string;
  orderNumber: string;
  status: string;
  isDelivered: boolean;
  centerId?: string | undefined;
  centerName?: string | undefined;
};

/**
 * Whether the action is offered: an unpaid or paid order not yet handed over (the server also
 * refuses a home delivery a rider has already taken, and says so).
 */
export const mayOfferMove = (order: MovableOrder) =>
  !order.isDelivered && (order.status === 'Not Paid' || order.status === 'Paid');

type Props = { order: MovableOrder; onMoved: () => void };

/**
 * "Move to another center" (a Manager or the CEO): the center it goes to and why. The client is
 * told by text; the pickup code then works at the new counter only.
 */
export function MoveOrderAction({ order, onMoved }: Props) {
  const [opened, setOpened] = useState(false);
  if (!mayOfferMove(order)) return null;
  return (
    <>
      <Button variant="light" mih={44} w="fit-content" onClick={() => setOpened(true)}>
        Move to another center
      </Button>
      {opened && (
        <MoveOrderDialog
          order={order}
          onClose={() => setOpened(false)}
          onMoved={() => {
            setOpened(false);
            onMoved();
          }}
        />
      )}
    </>
  );
}

function MoveOrderDialog({
  order,
  onClose,
  onMoved,
}: {
  order: MovableOrder;
  onClose: () => void;
  onMoved: () => void;
}) {
  const centers = useQuery(centersQueryOptions());
  const [centerId, setCenterId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const keys = useIdempotencyKey();
  const options = (centers.data ?? [])
    .filter((c) => c.id !== order.centerId)
    .map((c) => ({ value: c.id, label: `${c.name} — ${c.address}` }));
  const check = moveOrderBodySchema.safeParse({ centerId: centerId ?? '', reason });
  const problem = (field: 'centerId' | 'reason') =>
    tried && !check.success ? check.error.issues.find((i) => i.path[0] === field)?.message : undefined;

  const move = useMutation({
    mutationFn: () => {
      if (!check.success) throw new Error('Choose the center and write the reason');
      return moveOrderToCenter(order.id, check.data, keys.keyFor({ orderId: order.id, ...check.data }));
    },
    onSuccess: (moved) => {
      keys.renew();
      notifications.show({
        color: moved.sms && !moved.sms.sent ? 'yellow' : 'green',
        title: `Order ${moved.orderNumber} moved to ${moved.to.name}`,
        message: moved.sms
          ? moved.sms.sent
            ? 'The client was sent a text saying where to collect it.'
            : (moved.sms.message ?? 'The text to the client did not go out.')
          : 'The client has texts switched off; the order page shows the new center.',
      });
      onMoved();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (check.success) move.mutate();
  };

  return (
    <Modal opened onClose={onClose} title={`Move order ${order.orderNumber}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {order.centerName && <Text size="sm">Now at {order.centerName}.</Text>}
          <Select
            label="Move it to"
            placeholder={centers.isPending ? 'Loading the centers…' : 'Choose a gas center'}
            data={options}
            value={centerId}
            onChange={setCenterId}
            error={problem('centerId')}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          {centers.isError && (
            <Text size="sm" c="red.8" role="alert">
              The centers could not be loaded: {centers.error.message}
            </Text>
          )}
          <Textarea
            label="Reason"
            description="Kept in the audit trail"
            placeholder="Out of 12.5 kg cylinders here"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={problem('reason')}
            maxLength={300}
            rows={3}
            required
            styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
          />
          <Text size="sm" c="dimmed">
            The client is told by text, and the pickup code then works at the new center only.
          </Text>
          {move.error && (
            <Alert color="red" title="The order was not moved" role="alert">
              {move.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" mih={44} loading={move.isPending}>
              Move order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
