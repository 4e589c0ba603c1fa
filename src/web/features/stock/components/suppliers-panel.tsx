import { Button, Card, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatNaira, formatNumber } from '../../../../domain/format';
import { filterMobileInput, isValidMobileFormat } from '../../../../domain/phone';
import { DataTable } from '../../../components/data-table';
import { textField } from '../../../lib/text-field';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { createSupplier } from '../api/create-supplier';
import { supplierQuotasQueryOptions } from '../api/get-supplier-quotas';
import { stockKeys } from '../api/keys';

/** Suppliers with what they were asked for, delivered, are owed and were paid; and a form to add one. */
export function SuppliersPanel() {
  const queryClient = useQueryClient();
  const quotas = useQuery(supplierQuotasQueryOptions());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const keys = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), phoneNumber: phone, address: address.trim() || undefined };
      return createSupplier(body, keys.keyFor(body));
    },
    onSuccess: (s) => {
      notifications.show({ color: 'green', message: `${s.name} added` });
      setName('');
      setPhone('');
      setAddress('');
      keys.renew();
      void queryClient.invalidateQueries({ queryKey: stockKeys.suppliers() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  return (
    <Stack gap="md">
      <DataTable
        failed={quotas.error}
        minWidth={600}
        columns={['Supplier', 'Asked (kg)', 'Delivered (kg)', 'Owed', 'Paid']}
        alignRight={['Asked (kg)', 'Delivered (kg)', 'Owed', 'Paid']}
        striped
      >
        {(quotas.data ?? []).map((q) => (
          <Table.Tr key={q.supplierId}>
            <Table.Td>{q.name}</Table.Td>
            <Table.Td ta="right">{formatNumber(q.requestedKg, 0)}</Table.Td>
            <Table.Td ta="right">{formatNumber(q.deliveredKg, 0)}</Table.Td>
            <Table.Td ta="right">{formatNaira(q.amountOwed)}</Table.Td>
            <Table.Td ta="right">{formatNaira(q.amountPaid)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Card withBorder component="form" onSubmit={submit}>
        <Title order={3} size="h5" mb="sm">
          Add a supplier
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Name" {...textField(name, setName)} required minLength={2} />
          <TextInput
            label="Mobile number"
            value={phone}
            onChange={(e) => setPhone(filterMobileInput(e.currentTarget.value))}
            inputMode="numeric"
            required
          />
          <TextInput label="Address" {...textField(address, setAddress)} />
        </SimpleGrid>
        {mutation.error && (
          <Text c="red" mt="xs">
            {mutation.error.message}
          </Text>
        )}
        <Button
          type="submit"
          mt="sm"
          loading={mutation.isPending}
          disabled={name.trim().length < 2 || !isValidMobileFormat(phone)}
        >
          Add supplier
        </Button>
      </Card>
    </Stack>
  );
}
