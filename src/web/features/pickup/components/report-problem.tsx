import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClientPickupOrder } from '../../../../domain/schemas/pickup';
import { textField } from '../../../lib/text-field';
import { useMutation } from '../../../lib/use-mutation';
import { pickupKeys } from '../api/keys';
import { raiseDispute } from '../api/raise-dispute';
import { ChoiceGroup } from './choice-group';

const disputes = {
  SomeOneElseClaim: 'Someone else is trying to collect my order',
  InvalidPickup: 'The order was handed over, but not to me',
};

/** "Report a problem": someone else claimed the order, or a pickup that should not have happened. */
export function ReportProblem({ order }: { order: ClientPickupOrder }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [dispute, setDispute] = useState<'SomeOneElseClaim' | 'InvalidPickup'>(
    order.isDelivered ? 'InvalidPickup' : 'SomeOneElseClaim',
  );
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => raiseDispute(order.orderId, { dispute, note: note.trim() || undefined }),
    onSuccess: () => {
      close();
      void queryClient.invalidateQueries({ queryKey: pickupKeys.all });
    },
  });
  return (
    <>
      <Group justify="flex-end">
        <Button variant="light" color="red" size="compact-sm" onClick={open}>
          Report a problem
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={`A problem with order ${order.orderNumber}`}>
        <Stack>
          <ChoiceGroup label="What happened?" value={dispute} onChange={setDispute} options={disputes} />
          <Textarea
            label="Anything the gas center should know (optional)"
            {...textField(note, setNote)}
            maxLength={500}
          />
          {mutation.error && (
            <Alert color="red" role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button color="red.9" loading={mutation.isPending} onClick={() => mutation.mutate()}>
              Report
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
