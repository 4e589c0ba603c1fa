import { Alert, Card, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { orderQrQueryOptions } from '../api/get-order-qr';
import { pickupCodeHint } from '../lib/order-status';
import { useQrDataUrl } from '../lib/use-qr-data-url';

/** The pickup QR code (large, black on white) and the short code to read out if scanning fails. */
export function OrderQrCode({
  orderId,
  orderNumber,
  homeDelivery,
  centerName,
}: {
  orderId: string;
  orderNumber: string;
  homeDelivery: boolean;
  /** Where the order is collected: the client reads it beside the code they show there. */
  centerName?: string | undefined;
}) {
  const qr = useQuery(orderQrQueryOptions(orderNumber, orderId));
  const dataUrl = useQrDataUrl(qr.data?.data.token, 320);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pickup-title">
      <Stack align="center" gap="sm">
        <Title order={2} size="h3" id="pickup-title">
          {homeDelivery ? 'Delivery code' : 'Pickup'}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {homeDelivery ? 'Show this code to the rider when your order arrives.' : pickupCodeHint(centerName)}
        </Text>
        {qr.isPending && <Loader role="status" aria-label="Loading the QR code" />}
        {qr.isError && (
          <Alert color="red" role="alert">
            {qr.error.message}
          </Alert>
        )}
        {dataUrl && (
          <Image src={dataUrl} alt={`Pickup QR code for order ${orderNumber}`} w={280} h={280} bg="white" p={4} />
        )}
        {qr.data && (
          <Stack gap={0} align="center">
            <Text size="sm">{homeDelivery ? 'Delivery code' : 'Pickup code'}</Text>
            <Text
              fz={36}
              fw={800}
              ff="monospace"
              lts={6}
              // The card's text colour: black on a light card, near-white on a dark one.
              c="var(--mantine-color-text)"
              data-testid="pickup-code"
              aria-label={`Pickup code ${qr.data.data.pickupCode.split('').join(' ')}`}
            >
              {qr.data.data.pickupCode}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
