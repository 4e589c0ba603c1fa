import { Alert, Card, Center, Container, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatNaira } from '../../../../domain/format';
import type { PaymentErrorView } from '../../../../domain/schemas/payment';
import { StatusBadge } from '../../../components/status-badge';
import { followUpKeys } from '../api/keys';
import { paymentProblemsQueryOptions, resolvePaymentProblem } from '../api/payment-problems';
import { problemStatus, problemWhat, SETTLED } from '../lib/words';
import { NoteAction } from './note-action';

function ProblemCard({ problem, onResolved }: { problem: PaymentErrorView; onResolved: () => void }) {
  const status = problemStatus[problem.status];
  const what = problemWhat(problem.type);
  const settled = SETTLED.includes(problem.status);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`problem-${problem.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={`problem-${problem.id}`}>
              {what}
            </Title>
            <Text size="sm" c="dimmed">
              {problem.paymentNumber ? `Payment ${problem.paymentNumber}` : `Reference ${problem.reference}`} ·{' '}
              {formatDate(problem.createdAt)}
              {problem.occurrences > 1 ? ` · seen ${problem.occurrences} times` : ''}
            </Text>
          </div>
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
        </Group>
        <Text size="sm">{problem.message}</Text>
        {(problem.expectedAmount !== null || problem.paidAmount !== null) && (
          <Text size="sm">
            {problem.expectedAmount !== null ? `Expected ${formatNaira(problem.expectedAmount)}` : ''}
            {problem.expectedAmount !== null && problem.paidAmount !== null ? ' · ' : ''}
            {problem.paidAmount !== null ? `Paid ${formatNaira(problem.paidAmount)}` : ''}
          </Text>
        )}
        {problem.note && (
          <Text size="sm">
            Note{problem.updatedByName ? ` (${problem.updatedByName})` : ''}: {problem.note}
          </Text>
        )}
        {!settled && (
          <NoteAction
            action="Resolve"
            noteLabel="What was done (for example: refunded, or value given by hand)"
            noteRequired
            subject={`${what}, ${problem.paymentNumber ?? problem.reference}`}
            onSave={async (note) => {
              await resolvePaymentProblem(problem.id, note);
              onResolved();
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

/** Money that arrived without value given, amounts that do not match, refunds to do by hand. */
export function PaymentProblemsScreen() {
  const [show, setShow] = useState<'open' | 'settled'>('open');
  const query = useQuery(paymentProblemsQueryOptions());
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
  const items = (query.data?.items ?? []).filter((p) => SETTLED.includes(p.status) === (show === 'settled'));
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Title order={1}>Payment problems</Title>
        <Text c="dimmed">
          Payments the server could not settle on its own. Check each with the payment provider, put it right, then
          resolve it with a note.
        </Text>
        <SegmentedControl
          value={show}
          onChange={(v) => setShow(v as 'open' | 'settled')}
          data={[
            { value: 'open', label: 'To do' },
            { value: 'settled', label: 'Settled' },
          ]}
          aria-label="Show payment problems"
          fullWidth
          transitionDuration={0}
          size="md"
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
        {query.isPending && (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the payment problems" />
          </Center>
        )}
        {query.error && (
          <Alert color="red" role="alert" title="Could not load the payment problems">
            {query.error.message}
          </Alert>
        )}
        {query.data && items.length === 0 && (
          <Alert color="blue" role="status" title={show === 'open' ? 'Nothing to do' : 'Nothing settled yet'}>
            {show === 'open' ? 'Every payment problem on record is settled.' : 'Resolved problems appear here.'}
          </Alert>
        )}
        {items.map((problem) => (
          <ProblemCard key={problem.id} problem={problem} onResolved={refresh} />
        ))}
      </Stack>
    </Container>
  );
}
