import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import { isOpenPickup } from '../../../../domain/lifecycles/pickup';
import { ApiError } from '../../../lib/api-client';
import { emitWithAck } from '../../../lib/emit-with-ack';
import { connectSocket, disconnectSocket, getSocketStatus } from '../../../lib/socket';
import { useServerEvent } from '../../../lib/use-server-event';
import { useSocketStatus } from '../../../lib/use-socket-status';
import { pickupKeys } from '../api/keys';
import { respondPickup } from '../api/respond-pickup';
import { initialPromptState, promptReducer } from '../lib/prompt-state';
import { ConfirmationPrompt, type Decision } from './confirmation-prompt';

/**
 * Keeps the pickup channel open for the signed-in client and answers the counter: it shows each
 * confirmation request, tells the counter the prompt is on screen (pingStaff), answers pings, and
 * sends the decision (by socket, or over HTTP when the socket is down).
 */
export default function ConfirmationPromptHost() {
  const queryClient = useQueryClient();
  const status = useSocketStatus();
  const [state, dispatch] = useReducer(promptReducer, initialPromptState);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: pickupKeys.all }), [queryClient]);

  useEffect(() => {
    connectSocket();
    const retry = () => {
      const now = getSocketStatus();
      if (now === 'failed' || now === 'reconnecting' || now === 'idle') connectSocket();
    };
    // Back online, or back to the app on a phone: the 5 retries may be long spent.
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      disconnectSocket();
    };
  }, []);

  useServerEvent('requestPickupConfirmation', (request) => {
    dispatch({ type: 'requested', request });
    void emitWithAck('pingStaff', { pickupId: request.pickupId });
    void refresh();
  });
  useServerEvent('pingClient', ({ pickupId, pingId }) => {
    void emitWithAck('pingClientResponse', { pickupId, pingId });
  });
  useServerEvent('CancelWarning', (payload) => dispatch({ type: 'warned', payload }));
  useServerEvent('ClientRequestCancelled', ({ pickupId, message }) => {
    dispatch({ type: 'closed', pickupId });
    notifications.show({ color: 'gray.7', title: 'Pickup request closed', message });
    void refresh();
  });
  useServerEvent('staffConfirm', ({ pickupId, orderNumber }) => {
    dispatch({ type: 'closed', pickupId });
    notifications.show({
      color: '#1b5e20',
      title: 'Picked up',
      message: `Order ${orderNumber} was handed over. Thank you!`,
    });
    void refresh();
  });
  useServerEvent('pickupConfirmationResponse', ({ pickupId, status: pickupStatus, message }) => {
    if (isOpenPickup(pickupStatus)) return;
    dispatch({ type: 'closed', pickupId });
    if (pickupStatus === 'ClientReject') notifications.show({ color: '#a63c06', title: 'Pickup refused', message });
    void refresh();
  });
  useServerEvent('pickupError', ({ event, message, pickupId }) => {
    if (event !== 'pickupConfirmationResponse' && event !== 'pingStaff') return;
    if (pickupId) dispatch({ type: 'failed', message });
  });

  const current = state.requests[0] ?? null;

  const decide = useCallback(
    async (decision: Decision) => {
      if (!current) return;
      dispatch({ type: 'sending', pickupId: current.pickupId });
      const input = { pickupId: current.pickupId, ...decision };
      const ack = await emitWithAck('pickupConfirmationResponse', input);
      if (ack?.ok) return; // The events that follow close the prompt.
      if (ack && !ack.ok) {
        if (ack.event === 'ClientRequestCancelled') dispatch({ type: 'closed', pickupId: current.pickupId });
        else dispatch({ type: 'failed', message: ack.message ?? 'The answer was not accepted.' });
        void refresh();
        return;
      }
      // No socket answer: try the same decision over HTTP (it acts once whichever arrives first).
      try {
        await respondPickup(current.orderId, input);
        dispatch({ type: 'closed', pickupId: current.pickupId });
        notifications.show({
          color: decision.action === 'Approve' ? '#1b5e20' : '#a63c06',
          title: decision.action === 'Approve' ? 'Picked up' : 'Pickup refused',
          message: `Order ${current.orderNumber}: your answer was recorded.`,
        });
        void refresh();
      } catch (error) {
        const offline = error instanceof ApiError && error.isNetworkError;
        dispatch({
          type: 'failed',
          message: offline
            ? 'No connection: your answer was not sent. It will work again when you are back online.'
            : error instanceof Error
              ? error.message
              : 'Your answer was not sent.',
        });
      }
    },
    [current, refresh],
  );

  if (!current) return null;
  return (
    <ConfirmationPrompt
      request={current}
      secondsLeft={state.warnings[current.pickupId] ?? null}
      sending={state.sending === current.pickupId}
      error={state.error}
      connected={status === 'connected'}
      onDecide={decide}
      more={state.requests.length - 1}
    />
  );
}
