import { Table } from '@mantine/core';
import { formatNaira, formatOrderLineQuantity, orderLineName } from '../../domain/format';

export type PickupItem = { name: string; quantity: number; sizeKg?: number | null };

/** What is handed over and what was paid: shown alike on the counter and on the client's phone. */
export function PickupItemsTable({ items, total, label }: { items: PickupItem[]; total: number; label: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label={label}>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={`${item.name}-${item.sizeKg ?? ''}-${item.quantity}`}>
            <Table.Td>{orderLineName(item)}</Table.Td>
            <Table.Td ta="right">{formatOrderLineQuantity(item)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Total paid</Table.Td>
          <Table.Td ta="right" fw={700}>
            {formatNaira(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
