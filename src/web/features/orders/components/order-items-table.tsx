import { Table } from '@mantine/core';
import type { ItemsTable } from '../lib/order-model';

const SCROLL_AREA = { offsetScrollbars: false, viewportProps: { tabIndex: 0 } } as const;

type Props = {
  table: ItemsTable;
  /** The receipt's table: flush with the card's edges (it is printed), no sideways scroll. */
  flush?: boolean;
};

/**
 * An order's lines and totals (lib/order-model.ts orderItemsTable), on the order's page and its
 * receipt; the order's first view draws the same model as HTML (light/order-light.ts).
 */
export function OrderItemsTable({ table, flush = false }: Props) {
  const content = (
    <Table horizontalSpacing={flush ? 0 : 'xs'} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.quantity}</Table.Td>
            <Table.Td ta="right">{row.amount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {table.foot.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th colSpan={2}>{row.label}</Table.Th>
            <Table.Td ta="right" fw={row.strong ? 700 : undefined}>
              {row.amount}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tfoot>
    </Table>
  );
  if (flush) return content;
  // No room kept below the table for a sideways scrollbar (Mantine's offset): the first view's
  // table has none, and the card would grow by it as the app takes the page over. Focusable, so
  // a keyboard can scroll a table wider than the phone (the theme's default, given again here).
  return (
    <Table.ScrollContainer minWidth={260} scrollAreaProps={SCROLL_AREA}>
      {content}
    </Table.ScrollContainer>
  );
}
