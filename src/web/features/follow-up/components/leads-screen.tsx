import {
  Alert,
  Anchor,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import type { LeadView } from '../../../../domain/schemas/leads';
import { StatusBadge } from '../../../components/status-badge';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { followUpKeys } from '../api/keys';
import { type LeadFilter, leadsQueryOptions, markLeadContacted } from '../api/leads';
import { leadWhat } from '../lib/words';
import { NoteAction } from './note-action';

/** Links a thumb can hit on a phone (44 px high). */
const tapTarget = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

function LeadCard({ lead, onContacted }: { lead: LeadView; onContacted: () => void }) {
  const what = leadWhat(lead);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`lead-${lead.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={`lead-${lead.id}`}>
              {lead.name}
            </Title>
            <Text size="sm" c="dimmed">
              {what} · {formatDate(lead.createdAt)}
            </Text>
          </div>
          <StatusBadge tone={lead.contactedAt ? 'ok' : 'warn'}>
            {lead.contactedAt ? 'Contacted' : 'Not contacted'}
          </StatusBadge>
        </Group>
        <Text size="sm">
          <Anchor href={`tel:${lead.phone}`} style={tapTarget}>
            {lead.phone}
          </Anchor>
          {lead.email ? (
            <>
              {' · '}
              <Anchor href={`mailto:${lead.email}`} style={tapTarget}>
                {lead.email}
              </Anchor>
            </>
          ) : null}
        </Text>
        {(lead.businessName || lead.city) && (
          <Text size="sm">{[lead.businessName, lead.city].filter(Boolean).join(' · ')}</Text>
        )}
        {lead.contactedAt ? (
          <Text size="sm">
            Contacted on {formatDate(lead.contactedAt)} by {lead.contactedByName ?? 'staff'}
            {lead.contactNote ? `: ${lead.contactNote}` : '.'}
          </Text>
        ) : (
          <NoteAction
            action="Mark contacted"
            noteLabel="Note (optional): what was said, what comes next"
            subject={`${lead.name}, ${what}`}
            onSave={async (note) => {
              await markLeadContacted(lead.id, note, newIdempotencyKey());
              onContacted();
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

/** Driver, rider and partner leads from the public site, to call back and mark contacted. */
export function LeadsScreen() {
  const [filter, setFilter] = useState<LeadFilter>('open');
  const query = useQuery(leadsQueryOptions(filter));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Title order={1}>Leads</Title>
        <Text c="dimmed">People who applied to ride or drive, or asked about a service or a partnership.</Text>
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as LeadFilter)}
          data={[
            { value: 'open', label: 'Not contacted' },
            { value: 'contacted', label: 'Contacted' },
            { value: 'all', label: 'All' },
          ]}
          aria-label="Show leads"
          fullWidth
          transitionDuration={0}
          size="md"
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
        {query.isPending && (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the leads" />
          </Center>
        )}
        {query.error && (
          <Alert color="red" role="alert" title="Could not load the leads">
            {query.error.message}
          </Alert>
        )}
        {query.data && query.data.leads.length === 0 && (
          <Alert color="blue" role="status" title={filter === 'open' ? 'Everyone was contacted' : 'No leads'}>
            New leads appear here as they come in.
          </Alert>
        )}
        {query.data?.leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} onContacted={refresh} />
        ))}
      </Stack>
    </Container>
  );
}
