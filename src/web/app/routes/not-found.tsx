import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { userMessages } from '../../../domain/errors';
import { paths } from '../../lib/paths';

export function NotFoundScreen({ homeHref = paths.home.getHref() }: { homeHref?: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{userMessages.pageNotFound}</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={homeHref}>
          Go home
        </Button>
      </Stack>
    </Container>
  );
}

export function Component() {
  return <NotFoundScreen />;
}
