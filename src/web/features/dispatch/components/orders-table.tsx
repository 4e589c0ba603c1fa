import { Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatNaira, paymentTypeLabel } from '../../../../domain/format';
import type { AdminOrderSummary } from '../../../../domain/schemas/sales';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { phoneUnderName } from '../lib/client-phone';
import { orderStatusTone } from '../lib/status-colors';

/** Orders as rows; the number opens the detail. Scrolls sideways on a phone. */
export function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  if (orders.length === 0) return <Text c="dimmed">No orders match.</Text>;
  return (
    <DataTable
      minWidth={640}
      columns={['Order', 'Client', 'Status', 'Payment', 'Total', 'Placed']}
      alignRight={['Total']}
      striped
      highlightOnHover
      verticalSpacing="sm"
    >
      {orders.map((o) => (
        <Table.Tr key={o.id}>
          <Table.Td>
            {/* 44 px tall, so a thumb on a phone finds it. */}
            <Text
              component={Link}
              to={paths.dashboard.orderDetail.getHref(o.id)}
              c="brand"
              fw={600}
              style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, whiteSpace: 'nowrap' }}
            >
              {o.orderNumber}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{o.clientName}</Text>
            {phoneUnderName(o) && (
              <Text size="xs" c="dimmed">
                {phoneUnderName(o)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <StatusBadge tone={orderStatusTone[o.status]}>{o.status}</StatusBadge>
          </Table.Td>
          <Table.Td>{o.paymentType ? (paymentTypeLabel[o.paymentType] ?? o.paymentType) : '—'}</Table.Td>
          <Table.Td ta="right">{formatNaira(o.total)}</Table.Td>
          <Table.Td>
            {formatDate(o.createdAt)} {formatTime(o.createdAt)}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
