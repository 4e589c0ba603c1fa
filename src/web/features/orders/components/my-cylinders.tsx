import { Alert, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CYLINDER_SIZES_KG } from '../../../../domain/constants';
import { formatDate } from '../../../../domain/format';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { myCylindersQueryOptions, useAddCylinder } from '../api/cylinders';

type Props = { onRefill: (sizeKg: number) => void };

/** The client's own cylinders: refill one in a tap, and a clear warning for one past its safe life. */
export function MyCylinders({ onRefill }: Props) {
  const cylinders = useQuery(myCylindersQueryOptions());
  const add = useAddCylinder();
  const [opened, modal] = useDisclosure(false);
  const [form, setForm] = useState({ sizeKg: '12.5', serialNumber: '', expiryDate: '' });
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
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const input = { sizeKg: Number(form.sizeKg), serialNumber: form.serialNumber, expiryDate: form.expiryDate };
            add.mutate(
              { input, idempotencyKey: keys.keyFor(input) },
              {
                onSuccess: () => {
                  modal.close();
                  setForm({ sizeKg: '12.5', serialNumber: '', expiryDate: '' });
                  keys.renew();
                },
              },
            );
          }}
        >
          <Stack>
            <Select
              label="Size"
              data={CYLINDER_SIZES_KG.map((s) => ({ value: String(s), label: `${s} kg` }))}
              value={form.sizeKg}
              onChange={(v) => setForm({ ...form, sizeKg: v ?? '12.5' })}
              allowDeselect={false}
            />
            <TextInput
              label="Serial number (on the collar)"
              value={form.serialNumber}
              onChange={(e) => setForm({ ...form, serialNumber: e.currentTarget.value })}
              required
            />
            <TextInput
              label="Expiry or retest date"
              type="date"
              value={form.expiryDate}
              onChange={(e) => setForm({ ...form, expiryDate: e.currentTarget.value })}
              required
            />
            {add.error && (
              <Alert color="red" role="alert">
                {add.error.message}
              </Alert>
            )}
            <Button type="submit" loading={add.isPending}>
              Save cylinder
            </Button>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
