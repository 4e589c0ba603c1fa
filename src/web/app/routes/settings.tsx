import { Container } from '@mantine/core';
import { SettingsPanel } from '../../features/auth/components/settings-panel';

export function Component() {
  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      <SettingsPanel />
    </Container>
  );
}
