import { Alert, Button, Card, Group, List, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { formatNaira, nairaToKobo } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Shift } from '../../../../domain/schemas/shift';
import { MoneyInput } from '../../../components/money-input';
import { StatusBadge } from '../../../components/status-badge';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/lagos-time';
import { freshCopy } from '../../../lib/offline-copy';
import { isFirstReadUnderWay } from '../../../lib/query-client';
import { useDraft } from '../../../lib/use-draft';
import { useMutation } from '../../../lib/use-mutation';
import { activeShiftQueryOptions } from '../api/get-active-shift';
import { myTodayShiftsQueryOptions } from '../api/get-my-today-shifts';
import {
  dismissShiftAction,
  effectiveShift,
  shiftActionLabel as label,
  onShiftRecorded,
  queuedShiftNotice,
  type ShiftActionKind,
  submitShiftAction,
} from '../lib/shift-sync';
import { usePendingShiftActions } from '../lib/use-pending-shift-actions';
import { useUnsyncedSales } from '../lib/use-unsynced-sales';
import { RefusedSalesAlert } from './refused-sales-alert';
import { ShiftSummary, VarianceBadge } from './shift-summary';

type AmountDraft = { kind: ShiftActionKind; amount: number | string };
const isAmountDraft = (v: unknown): v is AmountDraft | null =>
  v === null ||
  (typeof v === 'object' &&
    (v as AmountDraft).kind !== undefined &&
    ['shift.start', 'shift.end'].includes((v as AmountDraft).kind) &&
    ['number', 'string'].includes(typeof (v as AmountDraft).amount));
const isIdList = (v: unknown): v is string[] | null =>
  v === null || (Array.isArray(v) && v.every((id) => typeof id === 'string'));
const isIdOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The centers a refused start said the member works at (400, reason CenterRequired), if it said so. */
function centersToChooseFrom(error: Error): string[] | null {
  if (!(error instanceof ApiError) || error.reason !== 'CenterRequired') return null;
  const ids = (error.additionalInfo as { centerIds?: unknown } | undefined)?.centerIds;
  return isIdList(ids) && ids ? ids : null;
}

/**
 * Start with the float, end with the count, see the variance. Works offline: the action is queued,
 * shown as waiting to sync, and the shift is treated as started or ended meanwhile.
 */
export function ShiftPanel({
  onChanged,
  actingClientId,
  sessionWorking = false,
  centers,
}: {
  onChanged: () => void;
  actingClientId?: string;
  /** The session's word on the shift (the header's): stands when the shift itself could not be read. */
  sessionWorking?: boolean;
  /** The company's gas centers (read by the route from the centers area), to name them. */
  centers?: readonly Center[] | undefined;
}) {
  const queryClient = useQueryClient();
  const active = useQuery(activeShiftQueryOptions());
  // The server's word on a recorded start or end is taken before the action leaves the queue:
  // else, until the shift is read again, the panel offers the action just taken, and a count
  // typed then is lost.
  useEffect(
    () => onShiftRecorded((shift) => queryClient.setQueryData(activeShiftQueryOptions().queryKey, freshCopy(shift))),
    [queryClient],
  );
  const today = useQuery(myTodayShiftsQueryOptions());
  const { actions } = usePendingShiftActions();
  const { waiting: unsyncedSales, refused: refusedSales } = useUnsyncedSales();
  // The figure typed is the tab's draft, for the action it was typed for: a reload in the middle of
  // the count keeps it, and a float typed before the shift started is not offered as the count.
  const [draft, setDraft] = useDraft<AmountDraft | null>('shift.amount', null, isAmountDraft);
  const [lastEnded, setLastEnded] = useState<Shift | null>(null);
  // A member of several centers says which one the shift is at. The session does not list a
  // member's centers: the server names them when a start without one is refused, and the tab
  // remembers them (its draft) so the next start asks first.
  const [memberCenters, setMemberCenters] = useDraft<string[] | null>('shift.centers', null, isIdList);
  const [chosenCenter, setChosenCenter] = useDraft<string | null>('shift.center', null, isIdOrNull);
  const nameOf = (id: string, i: number) => centers?.find((c) => c.id === id)?.name ?? `Gas center ${i + 1}`;
  const centerOptions =
    memberCenters && memberCenters.length > 1
      ? memberCenters
          .map((id, i) => ({ value: id, label: nameOf(id, i) }))
          .sort((a, b) => a.label.localeCompare(b.label, 'en'))
      : [];
  const centerId = centerOptions.some((o) => o.value === chosenCenter) ? chosenCenter : null;

  const serverShift = active.data?.data ?? null;
  // Offline on a tablet that never read its shift here (the sale screen was opened, not this one),
  // there is no saved copy: the session that lets the header say "On shift" says it here too.
  const unread = !active.data && active.isError;
  const state = effectiveShift(unread ? sessionWorking : Boolean(serverShift?.workingNow), actions);
  const working = state.working;
  const kind: ShiftActionKind = working ? 'shift.end' : 'shift.start';
  const amount = draft?.kind === kind ? draft.amount : '';
  const setAmount = (value: number | string) => setDraft(value === '' ? null : { kind, amount: value });

  const mutation = useMutation({
    // Offline is this mutation's business (it queues), so TanStack must not pause it.
    networkMode: 'always',
    // The action travels with the call: once an end is queued the panel reads "not on shift", and
    // a notice built from the panel's state then would name the opposite action.
    mutationFn: ({ kind, kobo, centerId }: { kind: ShiftActionKind; kobo: number; centerId: string | null }) =>
      submitShiftAction(
        kind,
        kind === 'shift.start' ? { openingFloat: kobo, ...(centerId ? { centerId } : {}) } : { closingCash: kobo },
        actingClientId,
      ),
    onSuccess: (result, { kind }) => {
      // The panel turns to the next action as soon as this one is saved on the tablet, before the
      // server answers: a count typed meanwhile is for the next action and stays.
      setDraft((d) => (d?.kind === kind ? null : d));
      if (result.status === 'queued') {
        notifications.show({
          color: 'orange',
          title: 'Saved on this tablet',
          message: queuedShiftNotice(kind),
        });
      } else {
        if (kind === 'shift.end' && result.shift) setLastEnded(result.shift);
        notifications.show({ color: 'green', message: kind === 'shift.start' ? 'Shift started' : 'Shift ended' });
      }
      onChanged();
    },
    onError: (error: Error, { kind }) => {
      // Several centers: the choice appears above the button, the server's words say why.
      const ids = centersToChooseFrom(error);
      if (ids) setMemberCenters(ids);
      notifications.show({ color: ids ? 'orange' : 'red', title: label[kind], message: error.message });
    },
  });

  const kobo = typeof amount === 'number' ? nairaToKobo(amount) : null;
  const expected = working && serverShift?.workingNow ? serverShift.expectedCash : null;
  const blockedBySales = working && unsyncedSales > 0;
  const needsCenter = !working && centerOptions.length > 0 && centerId === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kobo === null || blockedBySales || needsCenter) return;
    mutation.mutate({ kind, kobo, centerId: working ? null : centerId });
  };
  const shiftCenter =
    serverShift?.workingNow && serverShift.centerId && (centers?.length ?? 0) > 1
      ? centers?.find((c) => c.id === serverShift.centerId)?.name
      : undefined;

  // The drawer's figures sit above the count: the card shows once the shift is read, so the form
  // never jumps down under the associate's finger.
  if (isFirstReadUnderWay(active)) {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1}>Shift</Title>
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the shift" />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Shift</Title>
      {active.data?.fromCache && (
        <Alert color="gray" title="Offline">
          Showing the shift as saved on this tablet at {formatTime(active.data.updatedAt)}.
        </Alert>
      )}
      {state.failed.map((a) => (
        <Alert
          key={a.id}
          color="red"
          title={`${label[a.kind]} was refused`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => void dismissShiftAction(a.id)}
        >
          {a.error}
        </Alert>
      ))}

      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {working ? 'You are on shift' : 'You are not on a shift'}
            </Title>
            <StatusBadge tone={working ? 'ok' : 'neutral'} size="lg">
              {working ? 'Working now' : 'Off shift'}
            </StatusBadge>
          </Group>
          {working && shiftCenter && <Text>At {shiftCenter}</Text>}
          {serverShift?.workingNow && working && <ShiftSummary shift={serverShift} />}
          {working && !serverShift?.workingNow && state.pendingFloat !== null && (
            <Text>Opening float {formatNaira(state.pendingFloat)} — waiting to sync.</Text>
          )}
          {working && unread && state.pendingFloat === null && (
            <Text>
              The drawer&apos;s figures were not saved on this tablet. Count the cash as usual: the variance shows once
              the end of the shift syncs.
            </Text>
          )}
          <form onSubmit={submit}>
            <Stack gap="sm">
              {!working && centerOptions.length > 0 && (
                <Select
                  label="Gas center"
                  description="You work at more than one: choose where this shift is."
                  styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
                  placeholder="Choose a gas center"
                  data={centerOptions}
                  value={centerId}
                  onChange={setChosenCenter}
                  allowDeselect={false}
                  required
                  size="md"
                />
              )}
              <MoneyInput
                label={working ? 'Cash counted in the drawer' : 'Opening float (cash in the drawer)'}
                description={
                  working ? 'Count every note and coin before ending the shift.' : 'What the drawer holds now.'
                }
                value={amount}
                onChange={setAmount}
                required
                size="md"
              />
              {working && kobo !== null && expected !== null && (
                <Group gap="xs">
                  <Text size="sm">Against the expected {formatNaira(expected)}:</Text>
                  <VarianceBadge variance={kobo - expected} />
                </Group>
              )}
              {refusedSales > 0 && <RefusedSalesAlert count={refusedSales} />}
              {blockedBySales && (
                <Alert color="orange" title="Sales waiting to sync">
                  {unsyncedSales === 1 ? 'A sale' : `${unsyncedSales} sales`} made on this tablet{' '}
                  {unsyncedSales === 1 ? 'is' : 'are'} not recorded yet. The shift can end once{' '}
                  {unsyncedSales === 1 ? 'it syncs' : 'they sync'}, so the drawer counts every sale.
                </Alert>
              )}
              <Button
                type="submit"
                size="md"
                loading={mutation.isPending}
                disabled={kobo === null || blockedBySales || needsCenter}
                color={working ? 'red.9' : undefined}
              >
                {label[kind]}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card>

      {state.pending.length > 0 && (
        <Card withBorder padding="lg" radius="md" aria-labelledby="pending-title">
          <Title order={2} size="h4" id="pending-title">
            Waiting to sync
          </Title>
          <List mt="xs" spacing="xs">
            {state.pending.map((a) => (
              <List.Item key={a.id}>
                <Group gap="xs">
                  <Text>
                    {label[a.kind]} at {formatTime(a.createdAt)}
                  </Text>
                  <StatusBadge tone="warn">Pending</StatusBadge>
                </Group>
              </List.Item>
            ))}
          </List>
        </Card>
      )}

      {lastEnded && (
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Shift ended
          </Title>
          <ShiftSummary shift={lastEnded} />
        </Card>
      )}

      {(today.data?.data.length ?? 0) > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Today&apos;s shifts
          </Title>
          {today.data?.data.map((s) => (
            <Card key={s.id} withBorder padding="md" radius="md">
              <ShiftSummary shift={s} />
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
