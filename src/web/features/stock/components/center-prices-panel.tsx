import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatNaira, nairaToKobo } from '../../../../domain/format';
import type { AdminProduct } from '../../../../domain/schemas/sales';
import { DataTable } from '../../../components/data-table';
import { MoneyInput } from '../../../components/money-input';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { centerPricesQueryOptions, setCenterPrice } from '../api/center-prices';
import { productsQueryOptions } from '../api/get-products';
import { stockKeys } from '../api/keys';
import { CenterPicker, useCenterChoice } from './center-choice';

const perUnit = (product: Pick<AdminProduct, 'type'>) => (product.type === 'Gas' ? ' /kg' : '');

type Editing = { product: AdminProduct; centerId: string; centerName: string; own: number | null };

function CenterPriceDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { product, centerId, centerName, own } = editing;
  const queryClient = useQueryClient();
  // Empty, the prices now beside it (as the company price's dialog: a figure typed after one
  // already in the field makes another number).
  const [price, setPrice] = useState<number | string>('');
  const keys = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: (kobo: number | null) => {
      const body = { centerId, price: kobo };
      return setCenterPrice(product.id, body, keys.keyFor({ productId: product.id, ...body }));
    },
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message:
          saved.price === null
            ? `${product.name} is sold at the company price at ${centerName}`
            : `${product.name} now costs ${formatNaira(saved.price)}${perUnit(product)} at ${centerName}`,
      });
      void queryClient.invalidateQueries({ queryKey: stockKeys.centerPrices() });
      onClose();
    },
  });
  const kobo = typeof price === 'number' && price > 0 ? nairaToKobo(price) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kobo !== null) mutation.mutate(kobo);
  };
  return (
    <Modal opened onClose={onClose} title={`Price of ${product.name} at ${centerName}`}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text>
            Company price: <strong>{`${formatNaira(product.price)}${perUnit(product)}`}</strong>
            {own !== null && (
              <>
                {' · '}At {centerName} now: <strong>{`${formatNaira(own)}${perUnit(product)}`}</strong>
              </>
            )}
          </Text>
          <MoneyInput
            label={product.type === 'Gas' ? `Price per kg at ${centerName}` : `Price at ${centerName}`}
            description="Orders, quotes and counter sales at this center are priced at it from now on."
            value={price}
            onChange={setPrice}
            required
            data-autofocus
          />
          {mutation.error && <Text c="red">{mutation.error.message}</Text>}
          <Group>
            <Button type="submit" loading={mutation.isPending && kobo !== null} disabled={kobo === null}>
              Save price
            </Button>
            {own !== null && (
              <Button variant="default" loading={mutation.isPending} onClick={() => mutation.mutate(null)}>
                Use the company price
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Each product's price at one gas center (CEO, Manager): the center's own where one is set, else
 * the company's, which is shown beside it. A center's price is set or removed here; the company
 * price is changed above.
 */
export function CenterPricesPanel() {
  const choice = useCenterChoice(true);
  const products = useQuery(productsQueryOptions());
  const prices = useQuery(centerPricesQueryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  // With one center its prices are the company's: nothing to set apart.
  if (choice.centers.length < 2) return null;
  const center = choice.centers.find((c) => c.id === choice.centerId);
  const own = new Map(
    (prices.data ?? []).filter((p) => p.centerId === choice.centerId).map((p) => [p.productId, p.price]),
  );
  return (
    <Stack gap="sm" mt="lg">
      <Title order={2} size="h4">
        Prices at a gas center
      </Title>
      <Text size="sm" c="dimmed">
        A center may sell a product at its own price; where none is set, the company price applies.
      </Text>
      <CenterPicker choice={choice} canChoose label="Prices at" />
      {prices.isError && <Text c="red">{prices.error.message}</Text>}
      {center && (
        <DataTable
          minWidth={320}
          columns={['Product', 'Company price', `At ${center.name}`]}
          alignRight={['Company price', `At ${center.name}`]}
          actions
          striped
        >
          {(products.data ?? [])
            .filter((p) => p.active)
            .map((p) => {
              const atCenter = own.get(p.id) ?? null;
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td ta="right">{`${formatNaira(p.price)}${perUnit(p)}`}</Table.Td>
                  <Table.Td ta="right">
                    {atCenter === null ? 'Company price' : `${formatNaira(atCenter)}${perUnit(p)}`}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={`Set the price of ${p.name} at ${center.name}`}
                        onClick={() =>
                          setEditing({ product: p, centerId: center.id, centerName: center.name, own: atCenter })
                        }
                      >
                        Set price
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
        </DataTable>
      )}
      {editing && <CenterPriceDialog editing={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
