import { Alert, Button, Group, Text } from '@mantine/core';

/** Paying cannot work offline: say so (the provider's pop-up would spin forever) and offer a retry. */
export function ConnectionNeeded({ onRetry, online }: { onRetry?: () => void; online: boolean }) {
  return (
    <Alert color="orange" title="No connection" role="alert">
      <Text size="sm">
        Paying needs an internet connection. Nothing has been charged. Check your network, then try again.
      </Text>
      {onRetry ? (
        <Group mt="md">
          <Button onClick={onRetry} disabled={!online}>
            {online ? 'Try again' : 'Waiting for the network…'}
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
