import { type MantineBreakpoint, Table, type TableProps, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export type DataColumn = {
  /** The heading; also the column's key, so unique within a table. */
  label: string;
  /** Read to screen readers only (a column of buttons needs a name, not a visible one). */
  hidden?: boolean;
  align?: 'right';
  visibleFrom?: MantineBreakpoint;
  /** Set where a test or a screen reader relies on the heading declaring its column. */
  scope?: 'col';
};

/**
 * A table with one row of headings; with `minWidth` it scrolls sideways on a phone rather than
 * squeezing its columns. The rows are the children.
 */
export function DataTable({
  columns: given,
  alignRight = [],
  actions = false,
  minWidth,
  scrollMt,
  failed,
  children,
  ...tableProps
}: {
  /** A heading alone, or a heading with how it shows. */
  columns: (string | DataColumn)[];
  /** The headings of columns of figures, set flush right like their cells. */
  alignRight?: string[];
  /** Ends with a column of buttons, named for screen readers only. */
  actions?: boolean;
  minWidth?: number;
  scrollMt?: string;
  /** The rows could not be read: their error, in red, stands in place of the table. */
  failed?: Error | null;
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  if (failed) return <Text c="red">{failed.message}</Text>;
  const columns = given.map((c): DataColumn => {
    const column = typeof c === 'string' ? { label: c } : c;
    return alignRight.includes(column.label) ? { ...column, align: 'right' } : column;
  });
  if (actions) columns.push({ label: 'Actions', hidden: true });
  const table = (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.label} ta={c.align} visibleFrom={c.visibleFrom} scope={c.scope}>
              {c.hidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return table;
  return (
    <Table.ScrollContainer minWidth={minWidth} mt={scrollMt}>
      {table}
    </Table.ScrollContainer>
  );
}
