import { Alert, Badge, Button, Group, Modal, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDate, formatNaira, formatNumber, nairaToKobo } from '../../../../domain/format';
import type { AdminProduct } from '../../../../domain/schemas/sales';
import { DataTable } from '../../../components/data-table';
import { MoneyInput } from '../../../components/money-input';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { changePrice } from '../api/change-price';
import { priceHistoryQueryOptions } from '../api/get-price-history';
import { productsQueryOptions } from '../api/get-products';
import { stockKeys } from '../api/keys';
import { updateProduct } from '../api/update-product';
import { CenterPricesPanel } from './center-prices-panel';
import { ProductDescriptionField, ProductNameField } from './product-fields';

/** A new price more than twice, or less than half, the price now: likely a slip of the keys. */
const isFarFrom = (next: number, now: number) => now > 0 && (next > 2 * now || next < now / 2);

const priceChangeWords = (next: number, now: number) =>
  next > now
    ? `${formatNumber(next / now, Number.isInteger(Math.round((next / now) * 10) / 10) ? 0 : 1)} times the price now`
    : `${formatNumber((1 - next / now) * 100, 0)}% less than the price now`;

function PriceDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const queryClient = useQueryClient();
  const history = useQuery(priceHistoryQueryOptions(product.id));
  // Empty, the price now beside it: a field holding ₦88,000 took "92,500" typed after it as
  // ₦88,000,925 (the digits past the maximum dropped), saved with one tap.
  const [price, setPrice] = useState<number | string>('');
  // A price far from today's is said and asked again before it is saved.
  const [checkedBig, setCheckedBig] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const keys = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: (kobo: number) => {
      const body = { price: kobo, reason: reason.trim() || undefined };
      return changePrice(product.id, body, keys.keyFor(body));
    },
    onSuccess: (p) => {
      notifications.show({ color: 'green', message: `${p.name} now costs ${formatNaira(p.price)}` });
      void queryClient.invalidateQueries({ queryKey: stockKeys.products() });
      onClose();
    },
  });
  const kobo = typeof price === 'number' && price > 0 ? nairaToKobo(price) : null;
  const farOff = kobo !== null && isFarFrom(kobo, product.price);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kobo === null) return;
    if (farOff && checkedBig !== kobo) {
      setCheckedBig(kobo);
      return;
    }
    mutation.mutate(kobo);
  };
  return (
    <Modal opened onClose={onClose} title={`Price of ${product.name}`} size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <MoneyInput
            label={product.type === 'Gas' ? 'New price per kg' : 'New price'}
            description={`Now ${formatNaira(product.price)}. Applies to orders placed from now on; earlier orders keep their price.`}
            value={price}
            onChange={(value) => {
              setPrice(value);
              setCheckedBig(null);
            }}
            required
            data-autofocus
          />
          <TextInput
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={200}
          />
          {kobo !== null && checkedBig === kobo && (
            <Alert color="yellow" role="alert" title="Check the new price">
              {`${formatNaira(product.price)} → ${formatNaira(kobo)}: ${priceChangeWords(kobo, product.price)}. Every order and counter sale from now on is priced at it.`}
            </Alert>
          )}
          {mutation.error && <Text c="red">{mutation.error.message}</Text>}
          <Button type="submit" loading={mutation.isPending} disabled={kobo === null}>
            {kobo !== null && checkedBig === kobo ? `Yes, save ${formatNaira(kobo)}` : 'Save price'}
          </Button>
          <Text fw={600} mt="sm">
            History
          </Text>
          {(history.data ?? []).map((h) => (
            <Text key={h.id} size="sm">
              {formatDate(h.effectiveFrom)}: {h.oldPrice === null ? '' : `${formatNaira(h.oldPrice)} → `}
              {formatNaira(h.newPrice)} by {h.changedByName}
              {h.reason ? ` (${h.reason})` : ''}
            </Text>
          ))}
          {history.data?.length === 0 && (
            <Text size="sm" c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))">
              No change recorded yet.
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

/** A product type in words (the enum's GasStove is "Gas cooker"). */
const productTypeLabel: Record<AdminProduct['type'], string> = {
  Gas: 'Gas',
  Cylinder: 'Cylinder',
  Burner: 'Burner',
  GasStove: 'Gas cooker',
};

/**
 * A product's name, description and whether the shop shows it. Hiding keeps its orders and
 * history (a product is never deleted); it can be shown again.
 */
function ProductDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(product.name);
  const [description, setDescription] = useState(product.description);
  const [active, setActive] = useState(product.active);
  const mutation = useMutation({
    mutationFn: () =>
      updateProduct(product.id, {
        ...(name.trim() !== product.name ? { name: name.trim() } : {}),
        ...(description.trim() !== product.description ? { description: description.trim() } : {}),
        ...(active !== product.active ? { active } : {}),
      }),
    onSuccess: (p) => {
      notifications.show({
        color: 'green',
        message: p.active ? `${p.name} saved` : `${p.name} saved, and hidden from the shop`,
      });
      void queryClient.invalidateQueries({ queryKey: stockKeys.products() });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${product.name}`}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <ProductNameField value={name} onChange={setName} autoFocus />
          <ProductDescriptionField value={description} onChange={setDescription} />
          <Switch
            label="Shown in the shop and at the counter"
            description="Off: nobody can order it; its orders and history stay."
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
            styles={{ description: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' } }}
          />
          {mutation.error && <Text c="red">{mutation.error.message}</Text>}
          <Button type="submit" loading={mutation.isPending} disabled={name.trim().length < 2}>
            Save
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Every product with its price; a change opens a dialog that also shows the history. CEO and
 * Manager access (`canChooseCenter`) also set a gas center's own prices below.
 */
export function PricesPanel({ canChooseCenter = false }: { canChooseCenter?: boolean } = {}) {
  const products = useQuery(productsQueryOptions());
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [editingProduct, setEditingProduct] = useState<AdminProduct | null>(null);
  if (products.isError) return <Text c="red">{products.error.message}</Text>;
  return (
    <>
      {/* A 360 px phone shows every column: the type goes under the name, the buttons stack. */}
      <DataTable
        minWidth={320}
        columns={['Product', { label: 'Type', visibleFrom: 'sm' }, 'Price']}
        alignRight={['Price']}
        actions
        striped
      >
        {(products.data ?? []).map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <Group gap="xs">
                {p.name}
                {!p.active && <Badge color="gray.7">Hidden</Badge>}
              </Group>
              <Text size="xs" hiddenFrom="sm">
                {productTypeLabel[p.type]}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">{productTypeLabel[p.type]}</Table.Td>
            <Table.Td ta="right">
              {formatNaira(p.price)}
              {p.type === 'Gas' ? ' /kg' : ''}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing(p)}
                  aria-label={`Change the price of ${p.name}`}
                >
                  Change price
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setEditingProduct(p)}
                  aria-label={`Edit ${p.name}`}
                >
                  Edit
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {editing && <PriceDialog product={editing} onClose={() => setEditing(null)} />}
      {editingProduct && <ProductDialog product={editingProduct} onClose={() => setEditingProduct(null)} />}
      {canChooseCenter && <CenterPricesPanel />}
    </>
  );
}
