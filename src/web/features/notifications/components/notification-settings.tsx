import { Alert, Center, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { NotificationSettingsUpdate } from '../../../../domain/schemas/notification';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { notificationSettingsQueryOptions, useUpdateNotificationSettings } from '../api/notification-settings';
import { usePushDevice } from '../lib/use-push-device';

/** A whole row is the switch's label, at least 44 px tall (a thumb's tap). */
const rowStyles = {
  root: { width: '100%' },
  body: { minHeight: 44, alignItems: 'center', justifyContent: 'space-between' },
  labelWrapper: { flex: 1 },
  label: { fontWeight: 600, paddingInlineStart: 0, cursor: 'pointer' },
  description: { color: 'var(--mantine-color-text)', opacity: 0.85, paddingInlineStart: 0 },
} as const;

function SwitchRow(props: {
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      size="md"
      labelPosition="left"
      label={props.label}
      description={props.description}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
      styles={rowStyles}
    />
  );
}

/** The settings that are a switch and nothing more, in the screen's words. */
const plainSettings = {
  sms: {
    label: 'Text messages (SMS)',
    description: 'When an order is paid, ready, on its way or delivered, and refunds.',
  },
  cylinderReminders: {
    label: 'Cylinder expiry reminders',
    description: 'Before a cylinder you saved reaches the end of its safe life.',
  },
  refillReminders: { label: 'Refill reminders', description: 'When your usual time between refills has passed.' },
} as const;

/** Settings → Notifications: each channel and each reminder can be turned off. */
export function NotificationSettings() {
  const settings = useQuery(notificationSettingsQueryOptions());
  const update = useUpdateNotificationSettings();
  const keys = useIdempotencyKey();
  const device = usePushDevice();
  const change = (c: NotificationSettingsUpdate) => update.mutate({ change: c, idempotencyKey: keys.keyFor(c) });
  const s = settings.data;
  const plainRow = (name: keyof typeof plainSettings) =>
    s && (
      <SwitchRow
        {...plainSettings[name]}
        checked={s[name]}
        onChange={(on) => change({ [name]: on } as NotificationSettingsUpdate)}
      />
    );

  const pushOnHere = Boolean(s?.push && device.subscribed);
  const pushNote =
    device.permission === 'unsupported'
      ? 'This browser cannot show notifications. Add Arrive to your home screen to get them.'
      : device.permission === 'denied'
        ? 'Notifications are blocked for Arrive in this browser’s site settings.'
        : !s?.vapidPublicKey
          ? 'Push notifications are not available right now.'
          : 'Order updates and reminders on this device, even when Arrive is closed.';

  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby="notifications-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="notifications-title">
          Notifications
        </Title>
        {settings.isError && (
          <Alert color="red" role="alert" variant="light">
            Your notification settings could not be loaded. Check your connection and try again.
          </Alert>
        )}
        {!s && !settings.isError && (
          <Center py="md">
            <Loader size="sm" role="status" aria-label="Loading notification settings" />
          </Center>
        )}
        {s && (
          <>
            {plainRow('sms')}
            <SwitchRow
              label="Push notifications"
              description={pushNote}
              checked={pushOnHere}
              disabled={
                device.permission === 'unsupported' ||
                device.permission === 'denied' ||
                !s.vapidPublicKey ||
                device.turnOn.isPending ||
                device.turnOff.isPending
              }
              onChange={(on) => {
                if (on && s.vapidPublicKey) device.turnOn.mutate(s.vapidPublicKey);
                if (!on) {
                  device.turnOff.mutate();
                  change({ push: false });
                }
              }}
            />
            {plainRow('cylinderReminders')}
            {plainRow('refillReminders')}
            {!s.sms && !pushOnHere && (
              <Text size="sm" role="status">
                With text messages and push both off, Arrive cannot tell you about your orders or send reminders.
              </Text>
            )}
            {(update.isError || device.turnOn.isError || device.turnOff.isError) && (
              <Alert color="red" role="alert" variant="light">
                That change was not saved. Please try again.
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
