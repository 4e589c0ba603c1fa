import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '../../../../domain/format';
import type { Quota } from '../../../../domain/schemas/quota';
import { CountInput } from '../../../components/count-input';
import { DataTable } from '../../../components/data-table';
import { ApiError } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { productsQueryOptions } from '../api/get-products';
import { quotasQueryOptions } from '../api/get-quotas';
import { stockKeys } from '../api/keys';
import { setQuota } from '../api/set-quota';

const show = (v: number | null, unit: string) =>
  v === null ? 'No limit' : `${formatNumber(v, Number.isInteger(v) ? 0 : 1)} ${unit}`;

function QuotaDialog({ quota, centerId, onClose }: { quota: Quota; centerId?: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  // What the editor saw: sales move the stock while the dialog is open.
  const [seen, setSeen] = useState<Quota['stock']>(quota.stock);
  const [stock, setStock] = useState<number | string>(quota.stock ?? '');
  const [limit, setLimit] = useState<number | string>(quota.dailyLimit ?? '');
  const typedStock = typeof stock === 'number' ? stock : null;
  const typedLimit = typeof limit === 'number' ? limit : null;
  const mutation = useMutation({
    // Only what was changed is sent: a limit saved does not put back the stock sold meanwhile, and
    // a stock typed over a figure that moved is refused with the figure it is now.
    mutationFn: () =>
      setQuota(
        quota.productId,
        {
          ...(typedStock !== seen ? { stock: typedStock, stockWas: seen } : {}),
          ...(typedLimit !== quota.dailyLimit ? { dailyLimit: typedLimit } : {}),
        },
        centerId,
      ),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: `The quota of ${saved.productName} is saved` });
      void queryClient.invalidateQueries({ queryKey: stockKeys.quotas() });
      onClose();
    },
    onError: (error: Error) => {
      const now =
        error instanceof ApiError ? (error.additionalInfo as { stock?: number | null } | undefined) : undefined;
      if (now && 'stock' in now) {
        setSeen(now.stock ?? null);
        void queryClient.invalidateQueries({ queryKey: stockKeys.quotas() });
      }
    },
  });
  const unit = quota.productType === 'Gas' ? 'kg' : 'items';
  return (
    <Modal opened onClose={onClose} title={`Quota of ${quota.productName}`}>
      <Stack gap="sm">
        <CountInput
          label={`Stock on hand (${unit})`}
          description={seen === quota.stock ? 'Empty: not tracked' : `Now ${show(seen, unit)}. Empty: not tracked`}
          value={stock}
          onChange={setStock}
          min={0}
        />
        <CountInput
          label={`Daily limit (${unit})`}
          description="Empty: no limit"
          value={limit}
          onChange={setLimit}
          min={0}
        />
        {mutation.error && <Text c="red">{mutation.error.message}</Text>}
        <Button onClick={() => mutation.mutate()} loading={mutation.isPending}>
          Save quota
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * A quota for a product that has none yet (a new product, the gas refill): chosen here, then set
 * in the same dialog. Until then the product can be ordered without limit.
 */
function NewQuota({
  quotas,
  centerId,
  onChoose,
}: {
  quotas: Quota[];
  centerId?: string;
  onChoose: (quota: Quota) => void;
}) {
  const products = useQuery(productsQueryOptions());
  const [productId, setProductId] = useState<string | null>(null);
  const withQuota = new Set(quotas.map((q) => q.productId));
  const without = (products.data ?? []).filter((p) => p.active && !withQuota.has(p.id));
  if (without.length === 0) return null;
  const chosen = without.find((p) => p.id === productId);
  return (
    <Group align="flex-end" mt="md" wrap="wrap">
      <Select
        label="A product without a quota"
        placeholder="Choose a product"
        data={without.map((p) => ({ value: p.id, label: p.name }))}
        value={productId}
        onChange={setProductId}
        searchable
        w={{ base: '100%', xs: 320 }}
      />
      <Button
        variant="light"
        disabled={!chosen}
        onClick={() => {
          if (!chosen) return;
          setProductId(null);
          onChoose({
            id: `new-${chosen.id}`,
            productId: chosen.id,
            centerId: centerId ?? '',
            productName: chosen.name,
            productType: chosen.type,
            stock: null,
            dailyLimit: null,
            usedToday: 0,
            available: null,
            supplierId: null,
            note: null,
            updatedAt: chosen.updatedAt,
          });
        }}
      >
        Set its quota
      </Button>
    </Group>
  );
}

/**
 * Stock and daily limits per product at one gas center (/api/quota; without a center, the center
 * of the member's shift).
 */
export function QuotasPanel({ centerId }: { centerId?: string } = {}) {
  const quotas = useQuery(quotasQueryOptions(centerId));
  const [editing, setEditing] = useState<Quota | null>(null);
  if (quotas.isError) return <Text c="dimmed">Quotas are not available: {quotas.error.message}</Text>;
  return (
    <>
      <DataTable
        minWidth={560}
        columns={['Product', 'Stock', 'Daily limit', 'Left today']}
        alignRight={['Stock', 'Daily limit', 'Left today']}
        actions
        striped
      >
        {(quotas.data ?? []).map((q) => {
          const unit = q.productType === 'Gas' ? 'kg' : 'items';
          return (
            <Table.Tr key={q.id}>
              <Table.Td>{q.productName}</Table.Td>
              <Table.Td ta="right">{show(q.stock, unit)}</Table.Td>
              <Table.Td ta="right">{show(q.dailyLimit, unit)}</Table.Td>
              <Table.Td ta="right">{show(q.available, unit)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing(q)}
                  aria-label={`Edit the quota of ${q.productName}`}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
      {quotas.data?.length === 0 && (
        <Group>
          <Text c="dimmed">No product has a quota: every product can be ordered without limit.</Text>
        </Group>
      )}
      <NewQuota quotas={quotas.data ?? []} centerId={centerId} onChoose={setEditing} />
      {editing && <QuotaDialog quota={editing} centerId={centerId} onClose={() => setEditing(null)} />}
    </>
  );
}
