import {
  Alert,
  Button,
  Card,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ServerEventName } from '../../../../domain/realtime-events';
import type { PickupFindInput, PickupFindResponse } from '../../../../domain/schemas/pickup';
import { ConnectionStatus } from '../../../components/connection-status';
import { emitWithAck } from '../../../lib/emit-with-ack';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { connectSocket, onServerEvent, prepareServerEvents } from '../../../lib/socket';
import { useMutation } from '../../../lib/use-mutation';
import { useSocketStatus } from '../../../lib/use-socket-status';
import { pickupDeskKeys } from '../api/keys';
import { deskOrderQueryOptions, findOrder } from '../api/lookup-order';
import { requestConfirmationOverHttp } from '../api/request-confirmation';
import { type DeskAction, deskReducer, initialDeskState, lookupRefusalTitle } from '../lib/desk-state';
import { DeskLiveStatus } from './desk-live-status';
import { DeskOrderSummary } from './desk-order-summary';
import { HandoverWithoutApp } from './handover-without-app';
import { QrScanner } from './qr-scanner';

/** The events the desk follows (its refusals come back as acknowledgements). */
const DESK_EVENTS: ServerEventName[] = [
  'requestConfirmationStaff',
  'clientOffLine',
  'ClientOffLine',
  'ClientBackOnline',
  'pingStaff',
  'pingClientResponse',
  'pingClientNoResponse',
  'ClientDelayResponse',
  'CancelWarning',
  'ClientExperiencingError',
  'pickupConfirmationResponseStaff',
  'StaffConfirmApproval',
  'ClientRequestCancelled',
  'StaffCancelRequest',
];
/** After these the order's data changed (Delivered, disputed, closed): fetch it again. */
const REFRESHING: ServerEventName[] = [
  'StaffConfirmApproval',
  'pickupConfirmationResponseStaff',
  'ClientRequestCancelled',
];

/** The pickup desk (staff, tablet): find the order, ask the owner, follow the answer live. */
export function PickupDeskScreen({
  canApproveHandover = false,
}: {
  /** A Shift Supervisor, Manager or CEO may approve a hand-over without the client (the server checks too). */
  canApproveHandover?: boolean;
} = {}) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(deskReducer, initialDeskState);
  const [code, setCode] = useState('');
  /** This desk's own open request for another order (staffBusy), which it may cancel from here. */
  const [busyWith, setBusyWith] = useState<{ pickupId: string; orderNumber: string } | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  /** The nominee's ID check, shared by the request on the app and the hand-over without it. */
  const [nomineeChecked, setNomineeChecked] = useState(false);
  const orderId = state.orderId;
  const order = useQuery({ ...deskOrderQueryOptions(orderId ?? 'none'), enabled: orderId !== null });

  const refreshOrder = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: pickupDeskKeys.all });
  }, [queryClient]);

  useEffect(() => {
    // The listener in the root layout opens the channel too; connecting twice is harmless. The
    // client's answer is what the desk waits for: the events' check is loaded with the channel.
    prepareServerEvents();
    connectSocket();
    const offs = DESK_EVENTS.map((event) =>
      onServerEvent(event, (payload) => {
        dispatch({ type: 'server', event, payload } as DeskAction);
        if (REFRESHING.includes(event)) refreshOrder();
      }),
    );
    // A request of this desk that is still open (e.g. after a reload) is adopted, not refused.
    offs.push(
      onServerEvent('duplicatedRequest', (p) => {
        if (p.sameStaff) dispatch({ type: 'requested', pickupId: p.pickupId });
      }),
      onServerEvent('staffBusy', (p) =>
        setBusyWith({ pickupId: p.pendingPickupId, orderNumber: p.pendingOrderNumber }),
      ),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [refreshOrder]);

  // Back on the live channel with a request still waiting: read what the server has for it, in
  // case its answer went out while this tablet was not listening.
  const socketStatus = useSocketStatus();
  const waitingFor = state.phase === 'waiting' ? orderId : null;
  useEffect(() => {
    if (socketStatus !== 'connected' || !waitingFor) return;
    let current = true;
    void queryClient
      .fetchQuery({ ...deskOrderQueryOptions(waitingFor), staleTime: 0 })
      .then((result) => current && dispatch({ type: 'caughtUp', request: result.order.pickup }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [socketStatus, waitingFor, queryClient]);

  // Finding the order asks its owner at once when there is nothing to check first: one tap (or
  // one scan) at the counter, and the prompt is on the client's phone.
  const lookup = useMutation({
    mutationFn: (by: PickupFindInput) => findOrder(by, `pickup-find-${newIdempotencyKey()}`),
    onSuccess: ({ attemptStatus, order: found, asked }: PickupFindResponse) => {
      queryClient.setQueryData(pickupDeskKeys.order(found.orderId), { attemptStatus, order: found });
      dispatch({
        type: 'found',
        orderId: found.orderId,
        request: asked ? found.pickup : null,
        clientOnline: found.clientOnline,
      });
    },
  });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value.length >= 4) lookup.mutate({ code: value });
  };

  const request = async (nomineeVerified: boolean) => {
    if (!orderId) return;
    dispatch({ type: 'requesting' });
    const ack = await emitWithAck('requestConfirmationStaff', { orderId, nomineeVerified });
    if (ack) {
      if (ack.ok && ack.pickupId) dispatch({ type: 'requested', pickupId: ack.pickupId });
      else dispatch({ type: 'refused', message: ack.message ?? 'The request was refused.' });
      refreshOrder();
      return;
    }
    // The live channel is down: the same request over HTTP (the result shows once it is back).
    try {
      const result = await requestConfirmationOverHttp(
        { orderId, nomineeVerified },
        `pickup-request-${orderId}-${newIdempotencyKey()}`,
      );
      dispatch({
        type: 'requested',
        pickupId: result.pickup.id,
        expiresAt: result.pickup.expiresAt,
        clientOnline: result.order.clientOnline,
      });
      dispatch({ type: 'note', tone: 'warn', text: 'Sent without the live channel: updates show when it is back.' });
    } catch (error) {
      dispatch({ type: 'refused', message: error instanceof Error ? error.message : 'The request was not sent.' });
    }
    refreshOrder();
  };

  const ping = async () => {
    if (!state.pickupId) return;
    const ack = await emitWithAck('pingClient', { pickupId: state.pickupId });
    dispatch(
      ack?.ok
        ? { type: 'note', tone: 'info', text: 'Pinged the client’s phone…' }
        : { type: 'note', tone: 'bad', text: ack?.message ?? 'No live connection: the ping was not sent.' },
    );
  };

  const cancel = async (reason: 'cancel' | 'reject') => {
    if (!state.pickupId) return;
    const ack = await emitWithAck('StaffCancelRequest', { pickupId: state.pickupId, reason });
    if (!ack?.ok)
      dispatch({ type: 'note', tone: 'bad', text: ack?.message ?? 'No live connection: not cancelled yet.' });
    refreshOrder();
  };

  const cancelOther = async () => {
    if (!busyWith) return;
    const ack = await emitWithAck('StaffCancelRequest', { pickupId: busyWith.pickupId });
    if (ack?.ok) {
      setBusyWith(null);
      dispatch({ type: 'note', tone: 'info', text: `Cancelled the request for order ${busyWith.orderNumber}.` });
    } else {
      dispatch({ type: 'note', tone: 'bad', text: ack?.message ?? 'No live connection: not cancelled yet.' });
    }
  };

  const next = () => {
    setBusyWith(null);
    setNomineeChecked(false);
    dispatch({ type: 'reset' });
    setCode('');
    lookup.reset();
    codeInput.current?.focus();
  };

  const summary = orderId ? order.data?.order : undefined;
  const waiting = state.phase === 'requesting' || state.phase === 'waiting';

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Pick up</Title>
          <ConnectionStatus audience="staff" />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Title order={2} size="h3">
                Find the order
              </Title>
              <QrScanner
                onScan={(text) => lookup.mutate({ qr: text })}
                onUnavailable={() => codeInput.current?.focus()}
              />
              <Divider
                label={
                  <Text size="sm" c="dimmed">
                    or type the pickup code
                  </Text>
                }
                labelPosition="center"
              />
              <form onSubmit={submitCode}>
                <Stack gap="sm">
                  <TextInput
                    ref={codeInput}
                    label="Pickup code"
                    placeholder="e.g. 7K2M9Q"
                    size="lg"
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9-]/g, ''))}
                    maxLength={16}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.15em', fontWeight: 700 } }}
                  />
                  <Button
                    type="submit"
                    size="lg"
                    fullWidth
                    loading={lookup.isPending}
                    disabled={code.trim().length < 4}
                  >
                    Find order
                  </Button>
                </Stack>
              </form>
              {lookup.error && (
                <Alert color="red.9" role="alert" title={lookupRefusalTitle(lookup.error)}>
                  {lookup.error.message}
                </Alert>
              )}
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            {!orderId && (
              <Text c="dimmed">
                Scan the QR code on the client’s phone, or type their pickup code, to see the order.
              </Text>
            )}
            {orderId && order.isPending && <Text>Loading the order…</Text>}
            {orderId && order.error && !summary && (
              <Alert color="red.9" role="alert">
                {order.error.message}
              </Alert>
            )}
            {summary && (
              <Stack gap="lg">
                <DeskOrderSummary
                  key={summary.orderId}
                  order={summary}
                  phase={state.phase}
                  busy={state.phase === 'requesting'}
                  canRequest={!waiting && state.phase !== 'approved'}
                  onRequest={(verified) => void request(verified)}
                  nomineeChecked={nomineeChecked}
                  onNomineeChecked={setNomineeChecked}
                />
                {busyWith && state.phase === 'idle' && (
                  <Alert color="#a63c06" title="You have another request open" role="alert">
                    <Stack gap="xs">
                      <Text size="sm">
                        Your request for order {busyWith.orderNumber} is still waiting. Cancel it to serve this client.
                      </Text>
                      <Button variant="outline" color="red" onClick={() => void cancelOther()}>
                        Cancel the request for order {busyWith.orderNumber}
                      </Button>
                    </Stack>
                  </Alert>
                )}
                {summary.eligibility === 'Eligible' && (state.phase === 'idle' || state.phase === 'waiting') && (
                  <HandoverWithoutApp
                    key={summary.orderId}
                    order={summary}
                    nomineeVerified={nomineeChecked}
                    canApprove={canApproveHandover}
                    onConfirming={(on) => dispatch({ type: 'confirming', on })}
                    onHandedOver={(text) => {
                      dispatch({ type: 'handedOver', text });
                      refreshOrder();
                    }}
                  />
                )}
                <DeskLiveStatus
                  state={state}
                  onPing={() => void ping()}
                  onCancel={(reason) => void cancel(reason)}
                  onNext={next}
                />
              </Stack>
            )}
          </Card>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
