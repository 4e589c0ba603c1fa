import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SupplyStatus } from '../../../../domain/enums';
import { formatDate, formatNaira, formatNumber, nairaToKobo } from '../../../../domain/format';
import type { Supply } from '../../../../domain/schemas/supply';
import { CountInput } from '../../../components/count-input';
import { DataTable } from '../../../components/data-table';
import { MoneyInput } from '../../../components/money-input';
import { StatusBadge } from '../../../components/status-badge';
import type { StatusTone } from '../../../components/status-tones';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { createSupply } from '../api/create-supply';
import { suppliersQueryOptions } from '../api/get-suppliers';
import { suppliesQueryOptions } from '../api/get-supplies';
import { stockKeys } from '../api/keys';
import { recordNewDelivery } from '../api/record-new-delivery';
import { updateSupply } from '../api/update-supply';
import { CenterPicker, useCenterChoice } from './center-choice';

const statusTone: Record<SupplyStatus, StatusTone> = {
  WaitingSupplierResponse: 'warn',
  Delivered: 'info',
  Paid: 'ok',
};
const statusLabel: Record<SupplyStatus, string> = {
  WaitingSupplierResponse: 'Waiting for supplier',
  Delivered: 'Delivered',
  Paid: 'Paid',
};

function SupplyActions({ supply }: { supply: Supply }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (status: SupplyStatus) => updateSupply({ supplyId: supply.id, status }, newIdempotencyKey()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stockKeys.supplies() });
      void queryClient.invalidateQueries({ queryKey: stockKeys.suppliers() });
    },
    onError: (e: Error) => notifications.show({ color: 'red', message: e.message }),
  });
  const step = (status: SupplyStatus, words: string, variant: 'light' | 'default') => (
    <Button size="compact-sm" variant={variant} loading={mutation.isPending} onClick={() => mutation.mutate(status)}>
      {words}
    </Button>
  );
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {supply.status === 'WaitingSupplierResponse' && step('Delivered', 'Mark delivered', 'light')}
      {/* The neutral button: its words read at 4.5:1 in both schemes (light green on the dark
          scheme's tint did not). */}
      {supply.status !== 'Paid' && step('Paid', 'Mark paid', 'default')}
    </Group>
  );
}

/**
 * Gas asked of suppliers, delivered and paid; a form for a request or a delivery that just arrived,
 * at a gas center: CEO and Manager access choose it (`canChooseCenter`), others the center of their
 * shift (the server's default).
 */
export function SuppliesPanel({ canChooseCenter = false }: { canChooseCenter?: boolean } = {}) {
  const queryClient = useQueryClient();
  const center = useCenterChoice(canChooseCenter);
  const several = center.centers.length > 1;
  const centerName = new Map(center.centers.map((c) => [c.id, c.name]));
  const supplies = useQuery(suppliesQueryOptions());
  const suppliers = useQuery(suppliersQueryOptions());
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [kg, setKg] = useState<number | string>('');
  const [amount, setAmount] = useState<number | string>('');
  const [arrived, setArrived] = useState(false);
  const keys = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: () => {
      const body = {
        supplierId: supplierId ?? '',
        quantityKg: Number(kg),
        amount: nairaToKobo(Number(amount)),
        ...(canChooseCenter && center.centerId ? { centerId: center.centerId } : {}),
      };
      const key = keys.keyFor({ arrived, body });
      return arrived ? recordNewDelivery(body, key) : createSupply(body, key);
    },
    onSuccess: () => {
      notifications.show({ color: 'green', message: arrived ? 'Delivery recorded' : 'Supply requested' });
      setKg('');
      setAmount('');
      keys.renew();
      void queryClient.invalidateQueries({ queryKey: stockKeys.supplies() });
      void queryClient.invalidateQueries({ queryKey: stockKeys.suppliers() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  const valid = supplierId !== null && typeof kg === 'number' && kg > 0 && typeof amount === 'number';
  return (
    <Stack gap="md">
      <DataTable
        failed={supplies.error}
        minWidth={680}
        columns={['Date', 'Supplier', ...(several ? ['Gas center'] : []), 'Kg', 'Amount', 'Status']}
        alignRight={['Kg', 'Amount']}
        actions
        striped
      >
        {(supplies.data ?? []).map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{formatDate(s.createdAt)}</Table.Td>
            <Table.Td>{s.supplierName}</Table.Td>
            {several && <Table.Td>{centerName.get(s.centerId) ?? ''}</Table.Td>}
            <Table.Td ta="right">{formatNumber(s.deliveredKg ?? s.quantityKg, 0)}</Table.Td>
            <Table.Td ta="right">{formatNaira(s.amount)}</Table.Td>
            <Table.Td>
              <StatusBadge tone={statusTone[s.status]}>{statusLabel[s.status]}</StatusBadge>
            </Table.Td>
            <Table.Td>
              <SupplyActions supply={s} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Card withBorder component="form" onSubmit={submit}>
        <Title order={3} size="h5" mb="sm">
          New supply
        </Title>
        <Stack gap="xs" mb="sm">
          <CenterPicker choice={center} canChoose={canChooseCenter} label="For the gas center" />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Supplier"
            data={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={supplierId}
            onChange={setSupplierId}
            required
            searchable
          />
          <CountInput label="Quantity (kg)" value={kg} onChange={setKg} min={1} required />
          <MoneyInput label="Agreed cost" value={amount} onChange={setAmount} required />
        </SimpleGrid>
        <Checkbox
          mt="sm"
          label="It has already arrived (record a delivery: its kg join the gas stock)"
          checked={arrived}
          onChange={(e) => setArrived(e.currentTarget.checked)}
        />
        {mutation.error && (
          <Text c="red" mt="xs">
            {mutation.error.message}
          </Text>
        )}
        <Button type="submit" mt="sm" loading={mutation.isPending} disabled={!valid}>
          {arrived ? 'Record delivery' : 'Request supply'}
        </Button>
      </Card>
    </Stack>
  );
}
