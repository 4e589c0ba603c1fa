import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatNaira } from '../../../../domain/format';
import type { PaymentErrorView } from '../../../../domain/schemas/payment';
import { FilterTabs } from '../../../components/filter-tabs';
import { QueryStates } from '../../../components/query-states';
import { StatusBadge } from '../../../components/status-badge';
import { followUpKeys } from '../api/keys';
import { paymentProblemsQueryOptions, resolvePaymentProblem } from '../api/payment-problems';
import { problemStatus, problemWhat, SETTLED } from '../lib/words';
import { ItemCard } from './item-card';
import { NoteAction } from './note-action';

function ProblemCard({ problem, onResolved }: { problem: PaymentErrorView; onResolved: () => void }) {
  const status = problemStatus[problem.status];
  const what = problemWhat(problem.type);
  const settled = SETTLED.includes(problem.status);
  return (
    <ItemCard
      headingId={`problem-${problem.id}`}
      title={what}
      meta={
        <>
          {problem.paymentNumber ? `Payment ${problem.paymentNumber}` : `Reference ${problem.reference}`} ·{' '}
          {formatDate(problem.createdAt)}
          {problem.occurrences > 1 ? ` · seen ${problem.occurrences} times` : ''}
        </>
      }
      badge={<StatusBadge tone={status.tone}>{status.label}</StatusBadge>}
    >
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
    </ItemCard>
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
        <FilterTabs
          value={show}
          onChange={setShow}
          options={{ open: 'To do', settled: 'Settled' }}
          label="Show payment problems"
        />
        <QueryStates
          query={query}
          of="the payment problems"
          empty={
            query.data && items.length === 0
              ? show === 'open'
                ? { title: 'Nothing to do', text: 'Every payment problem on record is settled.' }
                : { title: 'Nothing settled yet', text: 'Resolved problems appear here.' }
              : null
          }
        />
        {items.map((problem) => (
          <ProblemCard key={problem.id} problem={problem} onResolved={refresh} />
        ))}
      </Stack>
    </Container>
  );
}
