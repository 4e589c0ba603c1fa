import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Center } from '../../../../domain/schemas/center';
import { QueryStates } from '../../../components/query-states';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { createCenter, updateCenter } from '../api/centers';
import { centersQueryOptions } from '../api/get-centers';
import { centerKeys } from '../api/keys';
import {
  type CenterDraft,
  type CenterField,
  centerChanges,
  checkCenterDraft,
  draftOf,
  emptyCenterDraft,
} from '../lib/center-form';

/** Mantine's dimmed description is below AA contrast on white. */
const readableDescription = { description: { color: 'var(--mantine-color-dimmed)' } };
/** A link a thumb can hit on a phone (44 px high). */
const tapTarget = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/** Adding a center, or changing one. */
type Editing = { kind: 'new' } | { kind: 'edit'; center: Center };

function CenterForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const queryClient = useQueryClient();
  const before = editing.kind === 'edit' ? editing.center : null;
  const [draft, setDraft] = useState<CenterDraft>(before ? draftOf(before) : emptyCenterDraft);
  const [tried, setTried] = useState(false);
  const keys = useIdempotencyKey();
  const check = checkCenterDraft(draft);
  const changes = before && check.ok ? centerChanges(before, check.center) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 0;

  const save = useMutation({
    mutationFn: async () => {
      if (!check.ok) throw new Error('Check the fields marked in red');
      if (before) {
        const body = changes ?? {};
        return updateCenter(before.id, body, keys.keyFor({ id: before.id, body }));
      }
      return createCenter(check.center, keys.keyFor(check.center));
    },
    onSuccess: (center) => {
      notifications.show({
        color: 'green',
        message: before ? `${center.name} was changed` : `${center.name} was added`,
      });
      keys.renew();
      void queryClient.invalidateQueries({ queryKey: centerKeys.all });
      onDone();
    },
  });

  const set = (field: CenterField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const error = (field: CenterField) => (tried && !check.ok ? check.errors[field] : undefined);
  const field = (name: CenterField) => ({ value: draft[name], onChange: set(name), error: error(name) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (check.ok && !unchanged) save.mutate();
  };
  const title = before ? `Change ${before.name}` : 'Add a gas center';
  // The form opens above the list: it is brought into view with its first field ready to type in.
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    nameRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Card
      ref={formRef}
      withBorder
      padding="lg"
      radius="md"
      component="form"
      onSubmit={submit}
      aria-labelledby="center-form-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="center-form-title">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput ref={nameRef} label="Name" placeholder="Arrive Lekki" {...field('name')} required />
          <TextInput
            label="Opening hours"
            placeholder="Mon–Sat 7:00–19:00"
            description="As clients should read them; leave empty if not fixed."
            styles={readableDescription}
            {...field('openingHours')}
          />
        </SimpleGrid>
        <TextInput label="Address" placeholder="Admiralty Way, Lekki Phase 1, Lagos" {...field('address')} required />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Latitude" placeholder="6.4474" inputMode="decimal" {...field('lat')} required />
          <TextInput label="Longitude" placeholder="3.4720" inputMode="decimal" {...field('lng')} required />
          <TextInput label="Counter phone" placeholder="0801 234 5678" inputMode="tel" {...field('phone')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          The position on the map decides which center a home delivery starts from and its fee.
        </Text>
        {save.error && (
          <Alert color="red" title="Not saved" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" mih={44} loading={save.isPending} disabled={unchanged}>
            {before ? 'Save changes' : 'Add center'}
          </Button>
          <Button variant="default" mih={44} onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function CenterCard({ center, onEdit }: { center: Center; onEdit: () => void }) {
  const headingId = `center-${center.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      {/* The button stays beside the words on a phone too: every card's Change in the same place. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" id={headingId}>
            {center.name}
          </Title>
          <Text size="sm">{center.address}</Text>
          <Text size="sm" c="dimmed">
            {center.openingHours ? `Open ${center.openingHours}` : 'No opening hours given'}
          </Text>
          {center.phone ? (
            <Anchor href={`tel:${center.phone.replace(/[^\d+]/g, '')}`} size="sm" style={tapTarget}>
              {center.phone}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No counter phone given
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Map position {center.location.lat}, {center.location.lng}
          </Text>
        </Stack>
        <Button
          variant="light"
          mih={44}
          onClick={onEdit}
          aria-label={`Change ${center.name}`}
          style={{ flexShrink: 0 }}
        >
          Change
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The gas centers: each one's address, hours and phone; a CEO adds one, a CEO or a Manager changes
 * one (the server says no to a Manager for a center they do not work at, and that is shown).
 */
export function CentersScreen({ canAdd }: { canAdd: boolean }) {
  const centers = useQuery(centersQueryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = centers.data ?? [];
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="center">
        <Title order={1}>Gas centers</Title>
        {canAdd && editing?.kind !== 'new' && (
          <Button mih={44} onClick={() => setEditing({ kind: 'new' })}>
            Add a gas center
          </Button>
        )}
      </Group>
      <Text c="dimmed">
        Where clients collect their orders and where home deliveries start. Clients see the name, address and opening
        hours when they choose where to collect.
      </Text>
      {editing && (
        <CenterForm
          key={editing.kind === 'edit' ? editing.center.id : 'new'}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      )}
      <QueryStates
        query={centers}
        of="the gas centers"
        empty={
          centers.isSuccess && list.length === 0 ? { title: 'No gas centers yet', text: 'Add the first one.' } : null
        }
      />
      {list.map((center) => (
        <CenterCard key={center.id} center={center} onEdit={() => setEditing({ kind: 'edit', center })} />
      ))}
    </Stack>
  );
}
