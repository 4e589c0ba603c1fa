import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDate, formatNaira, formatOrderLine } from '../../../../domain/format';
import { isOpenPickup } from '../../../../domain/lifecycles/pickup';
import type { ClientPickupOrder } from '../../../../domain/schemas/pickup';
import { QrCodeImage } from './qr-code-image';
import { ReportProblem } from './report-problem';

const statusText: Record<ClientPickupOrder['eligibility'], { label: string; color: string }> = {
  Eligible: { label: 'Ready for pickup', color: '#1b5e20' },
  AlreadyPickedUp: { label: 'Picked up', color: 'gray.7' },
  Delivered: { label: 'Picked up', color: 'gray.7' },
  NotPaid: { label: 'Not paid', color: '#a63c06' },
  DisputeExists: { label: 'Under review', color: 'red.9' },
  Cancelled: { label: 'Cancelled', color: 'gray.7' },
  Error: { label: 'Unavailable', color: 'gray.7' },
};

/** The pickup code, big and spaced so it can be read out or typed at the counter. */
function PickupCode({ code, size }: { code: string; size: number }) {
  return (
    <Text
      component="p"
      ff="monospace"
      fw={800}
      ta="center"
      c="black"
      bg="white"
      style={{ fontSize: size, letterSpacing: '0.18em', lineHeight: 1.1, margin: 0 }}
      aria-label={`Pickup code ${code.split('').join(' ')}`}
    >
      {code}
    </Text>
  );
}

/** One order on the Pickup screen: its codes while it can be collected, its state otherwise. */
export function PickupOrderCard({ order }: { order: ClientPickupOrder }) {
  const [fullScreen, { open, close }] = useDisclosure(false);
  const status = statusText[order.eligibility];
  const waiting = order.pickup && isOpenPickup(order.pickup.status);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`pickup-${order.orderId}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id={`pickup-${order.orderId}`}>
              Order {order.orderNumber}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDate(order.createdAt)} · {formatNaira(order.total)}
            </Text>
          </div>
          <Badge color={status.color} variant="filled" size="lg">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm">{order.items.map(formatOrderLine).join(', ')}</Text>
        {order.nomineeName && order.eligibility === 'Eligible' && (
          <Text size="sm">
            <strong>{order.nomineeName}</strong> will collect it. You still confirm the hand-over on this phone.
          </Text>
        )}
        {order.qrToken && order.pickupCode && (
          <Stack align="center" gap="xs" p="sm" bg="white" style={{ borderRadius: 8 }}>
            <QrCodeImage value={order.qrToken} size={240} label={`QR code for order ${order.orderNumber}`} />
            {/* On the white pad the QR code needs, in either scheme. */}
            <Text size="sm" c="gray.9">
              Pickup code
            </Text>
            <PickupCode code={order.pickupCode} size={40} />
            <Button
              variant="light"
              onClick={open}
              // The words shown begin the name, so "tap Show full screen" works by voice.
              aria-label={`Show full screen: the codes of order ${order.orderNumber}`}
            >
              Show full screen
            </Button>
            <Text size="xs" c="gray.7" ta="center">
              Turn your screen brightness up so the counter can scan it.
            </Text>
          </Stack>
        )}
        {waiting && (
          <Text size="sm" role="status">
            The counter has asked you to confirm: answer the prompt on this screen.
          </Text>
        )}
        {order.deliveredAt && <Text size="sm">Picked up on {formatDate(order.deliveredAt)}.</Text>}
        {order.pickupDispute !== 'none' && (
          <Text size="sm" c="red">
            A problem was reported with this pickup; the gas center will contact you.
          </Text>
        )}
        {order.pickupDispute === 'none' && <ReportProblem order={order} />}
      </Stack>
      {order.qrToken && order.pickupCode && (
        <Modal opened={fullScreen} onClose={close} fullScreen title={`Order ${order.orderNumber}`} radius={0}>
          <Stack align="center" justify="center" gap="lg" bg="white" mih="80dvh">
            <QrCodeImage value={order.qrToken} size={320} label={`QR code for order ${order.orderNumber}`} />
            <PickupCode code={order.pickupCode} size={56} />
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
