import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * A dashboard page reached by its address by a member whose role cannot open it: said plainly,
 * instead of a page whose calls would then fail one by one.
 */
export function NotAvailableForRole({ audience }: { audience?: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Not available for your role</Title>
        <Text>
          {audience ? `This page is for ${audience}.` : 'Your role cannot open this page.'} Ask a manager if you need
          it.
        </Text>
        <Button component={Link} to={paths.dashboard.root.getHref()}>
          Back to the dashboard
        </Button>
      </Stack>
    </Container>
  );
}
