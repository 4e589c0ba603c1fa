import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { connectSocket } from '../lib/socket';
import { useOnline } from '../lib/use-online';
import { useSocketStatus } from '../lib/use-socket-status';

/** Whether the counter can reach this device right now, in words, with a way to retry. */
export function ConnectionStatus({ audience }: { audience: 'client' | 'staff' }) {
  const status = useSocketStatus();
  const online = useOnline();
  if (online && status === 'connected') {
    return (
      <Badge color="#1b5e20" variant="filled" size="lg" role="status">
        Live
      </Badge>
    );
  }
  // The first second of every screen: nothing is wrong yet, so a badge no wider than fits beside
  // a screen's title on a 360 px phone, as Live does — not the warning below, which would push the
  // screen down, then vanish as it connects.
  if (online && (status === 'idle' || status === 'connecting')) {
    return (
      <Badge color="gray" variant="outline" size="md" role="status">
        Connecting…
      </Badge>
    );
  }
  const what =
    audience === 'client'
      ? 'You cannot confirm a pickup on this phone until it is back online. At the counter, show your QR code or read out your pickup code, then ask the counter to text you a code and read it out to them.'
      : 'Live updates are paused: requests still go out, and the result shows when the connection is back.';
  const title = !online
    ? 'You are offline'
    : status === 'unauthorized'
      ? 'Please sign in again'
      : status === 'failed'
        ? 'Could not connect'
        : 'Reconnecting…';
  return (
    <Alert color={online ? 'yellow' : 'gray'} title={title} role="status">
      <Group justify="space-between" align="center" gap="xs">
        <Text size="sm">{what}</Text>
        {online && status === 'failed' && (
          <Button size="xs" variant="light" onClick={() => connectSocket()}>
            Reconnect
          </Button>
        )}
      </Group>
    </Alert>
  );
}
