import { Alert, Anchor, Button, Card, Divider, Group, Image, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatNaira } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Order } from '../../../../domain/schemas/order';
import { formatDateTime } from '../../../lib/lagos-time';
import { orderQueryOptions } from '../api/get-order';
import { orderQrQueryOptions } from '../api/get-order-qr';
import { orderCenterText, orderItemsTable, orderShowsPickup, orderWhereText } from '../lib/order-model';
import { useQrDataUrl } from '../lib/use-qr-data-url';
import { OrderItemsTable } from './order-items-table';
import { OrderLoadError } from './order-load-error';
import classes from './receipt-screen.module.css';

type Props = {
  orderNumber: string;
  orderHref: string;
  /** The receipt's own address, shared as a link and put in the QR once the order is collected. */
  receiptUrl: string;
  /** The gas centers (read by the route): the address and hours of the one the order is collected at. */
  centers?: readonly Center[] | undefined;
};

const paidWith: Record<string, string> = { Electronic: 'Card', Wallet: 'Wallet', Cash: 'Cash' };

/** The order's QR while it awaits pickup or delivery (the counter scans it); the receipt link after. */
function ReceiptQr({ order, receiptUrl }: { order: Order; receiptUrl: string }) {
  const awaiting = orderShowsPickup(order);
  const qr = useQuery({ ...orderQrQueryOptions(order.orderNumber, order.id), enabled: awaiting });
  const content = awaiting ? qr.data?.data.token : receiptUrl;
  const dataUrl = useQrDataUrl(content, 240);
  if (!dataUrl)
    return awaiting && qr.isPending ? <Loader size="sm" role="status" aria-label="Loading the QR code" /> : null;
  return (
    <Stack gap={4} align="center">
      <Image
        src={dataUrl}
        className={classes.qr}
        w={180}
        h={180}
        alt={awaiting ? `Pickup QR code for order ${order.orderNumber}` : `QR code of this receipt's link`}
      />
      {awaiting && order.pickupCode && (
        // Read out when the QR cannot be scanned, as on the order's page.
        <Text fw={700} ff="monospace" fz="lg" aria-label={`Pickup code ${order.pickupCode.split('').join(' ')}`}>
          {order.pickupCode}
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {awaiting
          ? order.deliveryOption === 'HomeDelivery'
            ? 'Show this code to the rider.'
            : 'Show this code at the counter.'
          : 'Scan to open this receipt.'}
      </Text>
    </Stack>
  );
}

/** /order/{orderNumber}/receipt: what was paid, when and how; printable and shareable. */
export function ReceiptScreen({ orderNumber, orderHref, receiptUrl, centers }: Props) {
  const query = useQuery(orderQueryOptions(orderNumber));

  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading the receipt" />
      </Group>
    );
  }
  if (query.isError) return <OrderLoadError error={query.error} orderNumber={orderNumber} page="The receipt" />;
  const order = query.data.data;
  const centerText = orderCenterText(order, centers);
  if (!order.paidAt) {
    return (
      <Stack gap="md">
        <Title order={1}>Receipt</Title>
        <Alert color="gray" variant="light" role="status" title="No receipt yet">
          Order {order.orderNumber} is not paid, so it has no receipt.{' '}
          <Anchor component={Link} to={orderHref}>
            Go to the order
          </Anchor>
        </Alert>
      </Stack>
    );
  }

  const share = async () => {
    const text = `Receipt for order ${order.orderNumber}: ${formatNaira(order.total)}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `Arrive receipt ${order.orderNumber}`, text, url: receiptUrl });
      } catch {
        // Closing the share sheet is not an error.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(receiptUrl);
      notifications.show({ color: 'green', title: 'Link copied', message: 'Paste it to share this receipt.' });
    } catch {
      notifications.show({ color: 'gray', title: 'Copy this link', message: receiptUrl, autoClose: false });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={Link} to={orderHref} size="sm">
          ← Order {order.orderNumber}
        </Anchor>
      </Group>
      <Card
        withBorder
        radius="md"
        padding="lg"
        className={classes.receipt}
        component="article"
        aria-labelledby="receipt-title"
      >
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={800} fz="lg">
                Arrive
              </Text>
              <Title order={1} size="h2" id="receipt-title">
                Receipt
              </Title>
            </Stack>
            <Text fw={700} fz="lg" data-testid="receipt-total">
              {formatNaira(order.total)}
            </Text>
          </Group>
          <Table fz="sm" withRowBorders={false} verticalSpacing={2} horizontalSpacing={0}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th fw={400} c="dimmed" w="45%">
                  Order number
                </Table.Th>
                <Table.Td fw={600}>{order.orderNumber}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400} c="dimmed">
                  Payment number
                </Table.Th>
                <Table.Td fw={600} data-testid="receipt-payment-number">
                  {order.paymentNumber}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400} c="dimmed">
                  Paid
                </Table.Th>
                <Table.Td>{formatDateTime(order.paidAt)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400} c="dimmed">
                  Paid with
                </Table.Th>
                <Table.Td>{order.paymentType ? (paidWith[order.paymentType] ?? order.paymentType) : '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th fw={400} c="dimmed">
                  Delivery
                </Table.Th>
                {/* No phone number on a receipt that may be shared. */}
                <Table.Td>{orderWhereText(order, { withPhone: false })}</Table.Td>
              </Table.Tr>
              {centerText && (
                <Table.Tr>
                  <Table.Th fw={400} c="dimmed">
                    Gas center
                  </Table.Th>
                  <Table.Td>{centerText}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Divider />
          <OrderItemsTable table={orderItemsTable(order, { totalLabel: 'Total paid' })} flush />
          <ReceiptQr order={order} receiptUrl={receiptUrl} />
        </Stack>
      </Card>
      <Group className={`${classes.noPrint} ${classes.actions}`} grow>
        <Button mih={44} onClick={() => window.print()}>
          Print
        </Button>
        <Button mih={44} variant="default" onClick={() => void share()}>
          Share
        </Button>
      </Group>
    </Stack>
  );
}
