import { Alert, Button, Paper, SegmentedControl, Stack, Text, Title, useMantineColorScheme } from '@mantine/core';
import { useState } from 'react';
import { useLogoutAll } from '../api/logout-all';

/** Theme (light, dark or the system's) and signing out of every device (the guard then sends the visitor home). */
export function SettingsPanel() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const logoutAll = useLogoutAll();
  const [confirming, setConfirming] = useState(false);

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Settings
        </Title>
        <Stack gap={6}>
          <Text fw={600} id="theme-label">
            Theme
          </Text>
          <SegmentedControl
            aria-labelledby="theme-label"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as 'light' | 'dark' | 'auto')}
            data={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
              { value: 'auto', label: 'System' },
            ]}
            fullWidth
            // The default grey of the unselected labels is too faint to read (WCAG AA).
            styles={{ label: { color: 'var(--mantine-color-text)' } }}
          />
        </Stack>
        <Stack gap={6}>
          <Text fw={600}>Devices</Text>
          <Text size="sm">Signs you out here and on every other phone or computer where you are signed in.</Text>
          {logoutAll.error && (
            <Alert color="red" role="alert" variant="light">
              Could not sign out of every device. Please try again.
            </Alert>
          )}
          {confirming ? (
            <Stack gap="xs">
              <Text size="sm">Sign out of every device now?</Text>
              <Button color="red.9" loading={logoutAll.isPending} onClick={() => logoutAll.mutate()}>
                Yes, sign out everywhere
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Stack>
          ) : (
            <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
              Sign out of every device
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
