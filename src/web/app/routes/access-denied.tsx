import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { userMessages } from '../../../domain/errors';
import { useAuth } from '../../features/auth/api/get-auth';
import { paths } from '../../lib/paths';

/** 'Access Denied' with a button back to home, or to the dashboard for staff. */
export function AccessDeniedScreen({ inDashboard = false }: { inDashboard?: boolean }) {
  const { isStaff } = useAuth();
  const toDashboard = isStaff && !inDashboard;
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{userMessages.accessDenied}</Title>
        <Text>{userMessages.accessDeniedDetail}</Text>
        <Button component={Link} to={toDashboard ? paths.dashboard.root.getHref() : paths.home.getHref()}>
          {toDashboard ? 'Go to the dashboard' : 'Go home'}
        </Button>
      </Stack>
    </Container>
  );
}

export function Component() {
  return <AccessDeniedScreen />;
}
