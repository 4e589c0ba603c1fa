import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ConnectionStatus } from '../../../components/connection-status';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { prepareServerEvents } from '../../../lib/socket';
import { useServerEvent } from '../../../lib/use-server-event';
import { clientPickupsQueryOptions } from '../api/get-client-pickups';
import { pickupKeys } from '../api/keys';
import { PickupOrderCard } from './pickup-order-card';

/** The client's Pickup screen: paid orders to collect, each with its QR code and pickup code. */
export function ClientPickupScreen() {
  const query = useQuery(clientPickupsQueryOptions());
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pickupKeys.clientList() });
  useServerEvent('staffConfirm', refresh);
  useServerEvent('pickupConfirmationResponse', refresh);
  useServerEvent('ClientRequestCancelled', refresh);
  // The counter's request is what this screen is open for: the events' check is loaded once the
  // channel is up, not when the request comes (the prompt would wait for that code).
  useEffect(prepareServerEvents, []);

  const offline = query.error instanceof ApiError && query.error.isNetworkError;
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1}>Pickup</Title>
          <ConnectionStatus audience="client" />
        </Group>
        <Text c="dimmed">
          Show the QR code at the gas center counter, or read out the pickup code. The counter then asks you to confirm
          the hand-over on this phone.
        </Text>
        {query.isPending && (
          <Center py="xl">
            <Loader role="status" aria-label="Loading your pickup orders" />
          </Center>
        )}
        {query.error && !query.data && (
          <Alert
            color={offline ? 'gray' : 'red'}
            title={offline ? 'You are offline' : 'Could not load your orders'}
            role="alert"
          >
            <Stack gap="xs">
              <Text size="sm">
                {offline ? 'Connect to the internet to see your pickup codes.' : query.error.message}
              </Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()} w="fit-content">
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {query.data?.savedAt && (
          <Alert color="gray" title="Saved copy" role="status">
            <Text size="sm">
              No connection: these are your orders as of {formatTime(query.data.savedAt)}. The counter can find your
              order with the QR code or the pickup code. To confirm the hand-over without a connection, ask the counter
              to text you a code and read it out to them.
            </Text>
          </Alert>
        )}
        {query.data && query.data.orders.length === 0 && (
          <Alert color="blue" title="Nothing to collect" role="status">
            <Text size="sm">
              Paid orders you collect at the gas center appear here.{' '}
              <Link to={paths.products.getHref()}>Order gas</Link>
            </Text>
          </Alert>
        )}
        {query.data?.orders.map((order) => (
          <PickupOrderCard key={order.orderId} order={order} />
        ))}
      </Stack>
    </Container>
  );
}
