import { Alert, Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useSecondsUntil } from '../../../lib/use-seconds-until';
import type { DeskState, LogTone } from '../lib/desk-state';

const toneColor: Record<LogTone, string> = { info: 'blue', ok: '#1b5e20', warn: '#a63c06', bad: 'red.9' };

/** The request as it happens: waiting, the client's phone, the warnings, then the result. */
export function DeskLiveStatus(props: {
  state: DeskState;
  onPing: () => void;
  onCancel: (reason: 'cancel' | 'reject') => void;
  onNext: () => void;
}) {
  const { state } = props;
  const left = useSecondsUntil(state.phase === 'waiting' ? state.expiresAt : null);
  return (
    <Stack gap="sm">
      {state.phase === 'waiting' && (
        <Alert color="blue" title="Waiting for the client to confirm" role="status" aria-live="polite">
          <Stack gap="xs">
            <Text size="sm">
              {state.clientOnline === false
                ? 'The client’s phone is offline. Ask them to open the Arrive app, or text them a hand-over code below.'
                : state.clientSeen
                  ? 'The client is looking at the request.'
                  : 'The request is on its way to the client’s phone.'}{' '}
              {left > 0 ? `Expires in ${left} s.` : ''}
            </Text>
            <Stack gap="xs">
              <Button variant="light" fullWidth onClick={props.onPing}>
                Ping the client’s phone
              </Button>
              <Button variant="default" fullWidth onClick={() => props.onCancel('cancel')}>
                Cancel request
              </Button>
              {/* On the page's own background: red text on the alert's blue is below 4.5:1. */}
              <Button
                color="red"
                variant="outline"
                bg="var(--mantine-color-body)"
                fullWidth
                onClick={() => props.onCancel('reject')}
              >
                Refuse hand-over
              </Button>
            </Stack>
          </Stack>
        </Alert>
      )}
      {state.phase === 'approved' && (
        <Alert
          color="#1b5e20"
          variant="filled"
          role="alert"
          title={
            <Title order={3} size="h2">
              Approved
            </Title>
          }
        >
          <Text size="lg" fw={600}>
            {state.result}
          </Text>
        </Alert>
      )}
      {(state.phase === 'rejected' || state.phase === 'closed') && state.result && (
        <Alert
          color={state.phase === 'rejected' ? 'red.9' : '#a63c06'}
          variant="filled"
          role="alert"
          title={
            <Title order={3} size="h2">
              {state.phase === 'rejected' ? 'Refused' : 'Request closed'}
            </Title>
          }
        >
          <Text size="lg" fw={600}>
            {state.result} Do not hand over the order.
          </Text>
        </Alert>
      )}
      {state.notice && state.phase === 'idle' && (
        <Alert color="blue" title="The request expired" role="status">
          {state.notice}
        </Alert>
      )}
      {state.error && state.phase === 'idle' && (
        <Alert color="red.9" role="alert" title="Not sent">
          {state.error}
        </Alert>
      )}
      {(state.phase === 'approved' || state.phase === 'rejected' || state.phase === 'closed') && (
        <Button variant="default" onClick={props.onNext}>
          Next customer
        </Button>
      )}
      {state.log.length > 0 && (
        <section aria-label="What happened">
          <Text size="sm" fw={600} mb={4}>
            What happened
          </Text>
          <List spacing={4} size="sm" center>
            {state.log.map((e) => (
              <List.Item key={e.id} icon={<ThemeIcon color={toneColor[e.tone]} size={10} radius="xl" aria-hidden />}>
                {e.text}
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}
