import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../lib/paths';

/**
 * Shown when a screen fails to load or render. Offline, a screen whose code was never cached
 * cannot load: say so plainly instead of showing a stack trace. `standalone`: shown instead of the
 * whole layout (the layout itself failed), so it is the page's main landmark itself.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : offline ? 'You are offline' : 'Something went wrong';
  const detail = notFound
    ? 'The page you are looking for does not exist or has moved.'
    : offline
      ? 'This screen needs a connection the first time it opens. Connect to the internet and try again.'
      : 'This screen could not be shown. Please try again.';
  return (
    <Container size="sm" py="xl" {...(standalone ? { component: 'main', id: 'main' } : {})}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text>{detail}</Text>
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Button component={Link} to={paths.home.getHref()} variant="subtle">
          Go home
        </Button>
      </Stack>
    </Container>
  );
}
