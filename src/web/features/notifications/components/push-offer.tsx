import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notificationSettingsQueryOptions } from '../api/notification-settings';
import { dismissPushOffer, pushOfferDismissed } from '../lib/push';
import { usePushDevice } from '../lib/use-push-device';

/**
 * The one moment Arrive asks to send push notifications: on a paid order, never on first load,
 * and only on a tap (the browser's own prompt follows). "Not now" is remembered on this device;
 * Settings → Notifications can still turn push on.
 */
export function PushOffer() {
  const device = usePushDevice();
  const settings = useQuery(notificationSettingsQueryOptions());
  const [hidden, setHidden] = useState(pushOfferDismissed);
  const key = settings.data?.vapidPublicKey;
  if (hidden || !key || device.permission !== 'default' || device.subscribed !== false || !settings.data?.push) {
    return null;
  }
  const notNow = () => {
    dismissPushOffer();
    setHidden(true);
  };
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label="Notifications">
      <Stack gap="xs">
        <Text fw={600}>Get told when your order moves?</Text>
        <Text size="sm">
          A notification on this phone when it is ready, on its way and delivered. SMS keeps coming too.
        </Text>
        <Group gap="xs">
          <Button mih={44} loading={device.turnOn.isPending} onClick={() => device.turnOn.mutate(key)}>
            Turn on notifications
          </Button>
          <Button mih={44} variant="default" onClick={notNow}>
            Not now
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
