import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import type { LeadView } from '../../../../domain/schemas/leads';
import { FilterTabs } from '../../../components/filter-tabs';
import { QueryStates } from '../../../components/query-states';
import { StatusBadge } from '../../../components/status-badge';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { followUpKeys } from '../api/keys';
import { type LeadFilter, leadsQueryOptions, markLeadContacted } from '../api/leads';
import { leadWhat } from '../lib/words';
import { ItemCard } from './item-card';
import { NoteAction } from './note-action';

/** Links a thumb can hit on a phone (44 px high). */
const tapTarget = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

function LeadCard({ lead, onContacted }: { lead: LeadView; onContacted: () => void }) {
  const what = leadWhat(lead);
  return (
    <ItemCard
      headingId={`lead-${lead.id}`}
      title={lead.name}
      meta={`${what} · ${formatDate(lead.createdAt)}`}
      badge={
        <StatusBadge tone={lead.contactedAt ? 'ok' : 'warn'}>
          {lead.contactedAt ? 'Contacted' : 'Not contacted'}
        </StatusBadge>
      }
    >
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
    </ItemCard>
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
        <FilterTabs
          value={filter}
          onChange={setFilter}
          options={{ open: 'Not contacted', contacted: 'Contacted', all: 'All' }}
          label="Show leads"
        />
        <QueryStates
          query={query}
          of="the leads"
          empty={
            query.data && query.data.leads.length === 0
              ? {
                  title: filter === 'open' ? 'Everyone was contacted' : 'No leads',
                  text: 'New leads appear here as they come in.',
                }
              : null
          }
        />
        {query.data?.leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} onContacted={refresh} />
        ))}
      </Stack>
    </Container>
  );
}
