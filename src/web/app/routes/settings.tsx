import { Container, Stack } from '@mantine/core';
import { SettingsPanel } from '../../features/auth/components/settings-panel';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';

export function Component() {
  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      <Stack gap="lg">
        <SettingsPanel />
        <NotificationSettings />
      </Stack>
    </Container>
  );
}
