import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { formatDate } from '../../../../domain/format';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { myCylindersQueryOptions } from '../api/cylinders';

const AddCylinderForm = lazy(() => import('./add-cylinder-form'));

type Props = {
  onRefill: (sizeKg: number) => void;
  /** The dialog to add one is open when the card is first drawn. */
  addOpen?: boolean;
};

/** The client's own cylinders: refill one in a tap, and a clear warning for one past its safe life. */
export function MyCylinders({ onRefill, addOpen = false }: Props) {
  const cylinders = useQuery(myCylindersQueryOptions());
  const [opened, modal] = useDisclosure(addOpen);
  const keys = useIdempotencyKey();
  const list = cylinders.data?.cylinders ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="my-cylinders-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="my-cylinders-title">
            Your cylinders
          </Title>
          <Button variant="subtle" size="xs" mih={44} onClick={modal.open}>
            Add a cylinder
          </Button>
        </Group>
        {list.length === 0 && (
          <Text size="sm" c="dimmed">
            Save your cylinders to refill them in one tap and get a reminder before they expire.
          </Text>
        )}
        {list.map((c) => (
          <Stack key={c.id} gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                <b>{c.sizeKg} kg</b> · {c.label ?? c.serialNumber} · expires {formatDate(c.expiryDate)}
              </Text>
              <Button
                size="xs"
                mih={44}
                variant="light"
                disabled={c.expired}
                onClick={() => onRefill(c.sizeKg)}
                aria-label={`Refill ${c.sizeKg} kg cylinder ${c.serialNumber}`}
              >
                Refill
              </Button>
            </Group>
            {c.warning && (
              <Alert color={c.expired ? 'red' : 'yellow'} variant="light" p="xs" role={c.expired ? 'alert' : 'status'}>
                {c.warning}
              </Alert>
            )}
          </Stack>
        ))}
      </Stack>
      <Modal opened={opened} onClose={modal.close} title="Add a cylinder" centered>
        {/* The form (its size select and popover code) loads with the dialog, not with the shop. */}
        <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
          <AddCylinderForm onSaved={modal.close} keys={keys} />
        </Suspense>
      </Modal>
    </Card>
  );
}
