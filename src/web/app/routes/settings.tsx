import { Container } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SettingsPanel } from '../../features/auth/components/settings-panel';
import { paths } from '../../lib/paths';

export function Component() {
  const navigate = useNavigate();
  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      <SettingsPanel onSignedOut={() => navigate(paths.home.getHref(), { replace: true })} />
    </Container>
  );
}
