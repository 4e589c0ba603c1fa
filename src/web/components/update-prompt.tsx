import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateAvailable } from '../lib/pwa';

/** Offers "new version — reload" instead of reloading under a half-filled form. */
export function UpdatePrompt() {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const off = onUpdateAvailable(() => setAvailable(true));
    return () => {
      off();
    };
  }, []);
  if (!available) return null;
  return (
    <Paper
      role="alert"
      shadow="md"
      p="sm"
      withBorder
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1100 }}
    >
      <Group gap="sm">
        <Text size="sm">A new version of Arrive is ready.</Text>
        <Button size="xs" onClick={applyUpdate}>
          Reload
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setAvailable(false)}>
          Later
        </Button>
      </Group>
    </Paper>
  );
}
