import { Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { StockTransfer } from '../../../../domain/schemas/stock-transfer';
import { CountInput } from '../../../components/count-input';
import { DataTable } from '../../../components/data-table';
import { QueryStates } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/lagos-time';
import { textField } from '../../../lib/text-field';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { productsQueryOptions } from '../api/get-products';
import { stockKeys } from '../api/keys';
import { cancelTransfer, receiveTransfer, sendTransfer, transfersQueryOptions } from '../api/transfers';
import { quantityText } from '../lib/quantity';
import { type CenterChoice, CenterPicker, useCenterChoice } from './center-choice';
import { TransferReportCard } from './transfer-report';

/** Secondary words: gray.7 in the light scheme, and a light gray on the dark one (gray.7 there is unreadable). */
const QUIET = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

const amount = (t: Pick<StockTransfer, 'quantity' | 'productType'>) => quantityText(t.quantity, t.productType);

/** As every other screen writes a moment: dd/MM/yyyy HH:mm on the Lagos clock. */
const when = (iso: string) => formatDateTime(iso);
const sentWords = (t: StockTransfer) => `${when(t.sentAt)}${t.sentBy ? ` by ${t.sentBy}` : ''}`;

/** The columns both lists of transfers start with; a phone shows the product only. */
const transferColumns = [
  'Product',
  { label: 'Quantity', visibleFrom: 'sm' },
  { label: 'From', visibleFrom: 'sm' },
  { label: 'To', visibleFrom: 'sm' },
] as const;

/** A transfer's cells under `transferColumns`: on a phone the rest of them goes under the product. */
function TransferCells({
  transfer: t,
  sent,
  children,
}: {
  transfer: StockTransfer;
  sent?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Table.Td>
        {t.productName}
        <Text size="sm" c={QUIET} hiddenFrom="sm">
          {`${amount(t)}, ${t.fromCenterName} to ${t.toCenterName}${sent ? `, sent ${sent}` : ''}`}
        </Text>
        {children}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {amount(t)}
      </Table.Td>
      <Table.Td visibleFrom="sm">{t.fromCenterName}</Table.Td>
      <Table.Td visibleFrom="sm">{t.toCenterName}</Table.Td>
    </>
  );
}

/** Sends stock from the chosen center to another: it leaves this center's stock at once. */
function SendForm({ choice }: { choice: CenterChoice }) {
  const queryClient = useQueryClient();
  const products = useQuery(productsQueryOptions());
  const keys = useIdempotencyKey();
  const [toCenterId, setTo] = useState<string | null>(null);
  const [productId, setProduct] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>('');
  const [note, setNote] = useState('');
  const from = choice.centerId;
  const others = choice.centers.filter((c) => c.id !== from);
  const product = (products.data ?? []).find((p) => p.id === productId);
  const send = useMutation({
    mutationFn: () => {
      if (!from || !toCenterId || !productId || typeof quantity !== 'number') {
        throw new Error('Choose where to send, the product and how much');
      }
      const body = {
        fromCenterId: from,
        toCenterId,
        productId,
        quantity,
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      return sendTransfer(body, keys.keyFor(body));
    },
    onSuccess: (sent) => {
      notifications.show({
        color: 'green',
        message: `${amount(sent)} of ${sent.productName} sent to ${sent.toCenterName}`,
      });
      keys.renew();
      setQuantity('');
      setNote('');
      void queryClient.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  if (!from) return null;
  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Send stock">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Send stock
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="To"
            placeholder="Choose a gas center"
            data={others.map((c) => ({ value: c.id, label: c.name }))}
            value={toCenterId}
            onChange={setTo}
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label="Product"
            placeholder="Choose a product"
            data={(products.data ?? []).filter((p) => p.active).map((p) => ({ value: p.id, label: p.name }))}
            value={productId}
            onChange={setProduct}
            searchable
            w={{ base: '100%', xs: 280 }}
          />
          <CountInput
            label={`Quantity (${product?.type === 'Gas' ? 'kg' : 'items'})`}
            value={quantity}
            onChange={setQuantity}
            min={0}
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
        <TextInput label="Note (optional)" {...textField(note, setNote)} maxLength={300} />
        {send.error && (
          <Text c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))" role="alert">
            {send.error.message}
          </Text>
        )}
        <Group>
          <Button type="submit" mih={44} loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** One transfer's Receive (at the receiving center) or Cancel (at the sender). */
function TransferAction({ transfer, centerId }: { transfer: StockTransfer; centerId: string }) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const receiving = transfer.toCenterId === centerId;
  const act = useMutation({
    mutationFn: () =>
      receiving
        ? receiveTransfer(transfer.id, keys.keyFor({ receive: transfer.id }))
        : cancelTransfer(transfer.id, keys.keyFor({ cancel: transfer.id })),
    onSuccess: (done) => {
      notifications.show({
        color: 'green',
        message: receiving
          ? `${amount(done)} of ${done.productName} received from ${done.fromCenterName}`
          : `The transfer of ${done.productName} to ${done.toCenterName} is cancelled`,
      });
      void queryClient.invalidateQueries({ queryKey: stockKeys.all });
    },
    onError: (error: Error) => {
      notifications.show({ color: 'red', message: error.message });
      void queryClient.invalidateQueries({ queryKey: stockKeys.transfers() });
    },
  });
  const label = receiving ? 'Receive' : 'Cancel';
  return (
    <Button
      size="sm"
      mih={44}
      variant={receiving ? 'filled' : 'light'}
      color={receiving ? undefined : 'red'}
      loading={act.isPending}
      onClick={() => act.mutate()}
      aria-label={`${label} ${amount(transfer)} of ${transfer.productName} ${receiving ? 'from' : 'to'} ${receiving ? transfer.fromCenterName : transfer.toCenterName}`}
    >
      {label}
    </Button>
  );
}

/**
 * Stock sent between gas centers: send from the center chosen (CEO, Manager: any; others: their
 * shift's), what is in transit with Receive or Cancel, and what was received.
 */
export function TransfersScreen({ canChooseCenter = false }: { canChooseCenter?: boolean }) {
  const choice = useCenterChoice(canChooseCenter);
  const centerId = choice.centerId;
  const transfers = useQuery({ ...transfersQueryOptions(centerId), enabled: Boolean(centerId) });
  const list = transfers.data ?? [];
  const inTransit = list.filter((t) => t.status === 'InTransit');
  const settled = list.filter((t) => t.status !== 'InTransit');
  return (
    <Stack gap="md">
      <Title order={1}>Transfers</Title>
      <CenterPicker choice={choice} canChoose={canChooseCenter} label="Gas center" />
      {!centerId && !canChooseCenter && <Text c={QUIET}>Start a shift to send or receive stock.</Text>}
      <SendForm key={centerId ?? 'none'} choice={choice} />
      {centerId && <QueryStates query={transfers} of="the transfers" empty={null} />}
      {transfers.data && (
        <>
          <Title order={2} size="h3">
            In transit
          </Title>
          {inTransit.length === 0 ? (
            <Text c={QUIET}>Nothing is on its way to or from this center.</Text>
          ) : (
            // A 360 px phone has room for the product and its button only: the rest goes under the product.
            <DataTable
              minWidth={300}
              columns={[...transferColumns, { label: 'Sent', visibleFrom: 'sm' }]}
              alignRight={['Quantity']}
              actions
              striped
            >
              {inTransit.map((t) => (
                <Table.Tr key={t.id}>
                  <TransferCells transfer={t} sent={sentWords(t)}>
                    {t.note && (
                      <Text size="sm" c={QUIET}>
                        {t.note}
                      </Text>
                    )}
                  </TransferCells>
                  <Table.Td visibleFrom="sm">{sentWords(t)}</Table.Td>
                  <Table.Td ta="right">{centerId && <TransferAction transfer={t} centerId={centerId} />}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          <Title order={2} size="h3">
            Received and cancelled
          </Title>
          {settled.length === 0 ? (
            <Text c={QUIET}>No transfer has arrived or been cancelled yet.</Text>
          ) : (
            <DataTable minWidth={300} columns={[...transferColumns, 'Status']} alignRight={['Quantity']} striped>
              {settled.map((t) => (
                <Table.Tr key={t.id}>
                  <TransferCells transfer={t} />
                  <Table.Td>
                    {t.status === 'Received'
                      ? `Received ${t.receivedAt ? when(t.receivedAt) : ''}${t.receivedBy ? ` by ${t.receivedBy}` : ''}`
                      : `Cancelled ${t.cancelledAt ? when(t.cancelledAt) : ''}${t.cancelledBy ? ` by ${t.cancelledBy}` : ''}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
        </>
      )}
      {(centerId || canChooseCenter) && <TransferReportCard centers={choice.centers} choosesCenter={canChooseCenter} />}
    </Stack>
  );
}
