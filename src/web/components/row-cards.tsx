import { Box, Card, Group, SimpleGrid, Stack, Table, type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Secondary words: gray.7 in the light scheme, a light gray in the dark one. */
const QUIET = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/**
 * A report's table from a tablet's width up (the `sm` breakpoint), in a region a keyboard can
 * scroll if it must; below it, RowCards show the same rows, so a phone never scrolls sideways.
 */
export const WideOnly = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }} visibleFrom="sm">
    {children}
  </Box>
);

/**
 * The phone's form of a report table (below `sm`): a list of cards, each its row's title, a badge
 * or a word beside it, and its figures two to a line, names over values.
 */
type RowCardsProps<T> = {
  label: string;
  rows: readonly T[];
  keyOf: (row: T) => string;
  title: (row: T) => ReactNode;
  badge?: (row: T) => ReactNode;
  figures: (row: T) => [string, ReactNode][];
  /** A row that adds up the others (the company's), set apart. */
  strong?: (row: T) => boolean;
};

export function RowCards<T>({ label, rows, keyOf, title, badge, figures, strong }: RowCardsProps<T>) {
  return (
    <Stack
      component="ul"
      aria-label={label}
      gap="sm"
      hiddenFrom="sm"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {rows.map((row) => (
        <Card
          component="li"
          key={keyOf(row)}
          withBorder
          padding="sm"
          radius="md"
          bg={strong?.(row) ? 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))' : undefined}
        >
          <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap" align="flex-start">
            <Text fw={600}>{title(row)}</Text>
            {badge?.(row)}
          </Group>
          <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing="xs" m={0}>
            {figures(row).map(([name, value]) => (
              <div key={name}>
                <Text component="dt" size="xs" c={QUIET}>
                  {name}
                </Text>
                <Text component="dd" fw={600} m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

/** A column of a ReportRows table: its heading, its cell, and whether it is figures (flush right). */
export type ReportColumn<T> = { label: string; cell: (row: T) => ReactNode; right?: boolean };

/**
 * A report's rows both ways: RowCards below `sm`, a table (`table`: its look) from `sm` up, each
 * under the same label; a `strong` row is bold in the table.
 */
export function ReportRows<T>({
  columns,
  table,
  ...cards
}: RowCardsProps<T> & { columns: readonly ReportColumn<T>[]; table?: Omit<TableProps, 'children'> }) {
  const align = (column: ReportColumn<T>) => (column.right ? 'right' : undefined);
  return (
    <>
      <RowCards {...cards} />
      <WideOnly label={cards.label}>
        <Table {...table}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.label} ta={align(c)}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cards.rows.map((row) => (
              <Table.Tr key={cards.keyOf(row)} fw={cards.strong?.(row) ? 700 : undefined}>
                {columns.map((c) => (
                  <Table.Td key={c.label} ta={align(c)}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideOnly>
    </>
  );
}
