import { Alert, Button, Divider, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { HANDOVER_REASON_MIN, type HandoverResult, type PickupOrderSummary } from '../../../../domain/schemas/pickup';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { useSecondsUntil } from '../../../lib/use-seconds-until';
import { approveHandover, confirmHandoverCode, sendHandoverCode } from '../api/handover';

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A wrong or spent code in the associate's words, with the tries left. */
function codeProblem(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  if (error.type === 'OTPExpired') return 'This code has expired. Text the client a new one.';
  if (error.type === 'InvalidOTPCode') {
    const left = (error.additionalInfo as { attemptsLeft?: number } | undefined)?.attemptsLeft ?? 0;
    if (left > 0) return `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
    return 'This code can no longer be used. Text the client a new one.';
  }
  return error.message;
}

/**
 * The hand-over when the client's phone is offline or has no app (pickup README, "Hand-over
 * without data"): text the owner a one-time code and type what they read out, or — for a Shift
 * Supervisor, Manager or CEO — approve with a written reason.
 */
export function HandoverWithoutApp(props: {
  order: PickupOrderSummary;
  nomineeVerified: boolean;
  canApprove: boolean;
  /** Called before the hand-over call goes out, and with false when it failed. */
  onConfirming: (on: boolean) => void;
  onHandedOver: (text: string, result: HandoverResult) => void;
}) {
  const { order } = props;
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const byNominee = order.deliveryOption === 'PickUpBySomeOne';
  const nomineeMissing = byNominee && !props.nomineeVerified;
  const handTo = order.nomineeName ? `Hand the order to ${order.nomineeName}.` : 'Hand the order over.';

  const send = useMutation({
    mutationFn: () => sendHandoverCode(order.orderId, newIdempotencyKey()),
    onSuccess: () => setCode(''),
  });
  const left = useSecondsUntil(send.data?.expiresAt ?? null);

  const finish = async (run: () => Promise<HandoverResult>, text: string) => {
    props.onConfirming(true);
    try {
      const result = await run();
      props.onHandedOver(text, result);
      return result;
    } catch (error) {
      props.onConfirming(false);
      throw error;
    }
  };

  const handover = { orderId: order.orderId, nomineeVerified: props.nomineeVerified };
  const confirm = useMutation({
    mutationFn: (typed: string) =>
      finish(() => confirmHandoverCode({ ...handover, code: typed }, newIdempotencyKey()), `Code accepted. ${handTo}`),
  });
  const approve = useMutation({
    mutationFn: (why: string) =>
      finish(() => approveHandover({ ...handover, reason: why }, newIdempotencyKey()), `Approved by you. ${handTo}`),
  });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(code)) confirm.mutate(code);
  };
  const submitApproval = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length >= HANDOVER_REASON_MIN) approve.mutate(reason.trim());
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="handover-without-app">
      <Divider />
      <Title order={3} size="h4" id="handover-without-app">
        Client’s phone offline or no app?
      </Title>
      <Text size="sm">
        Text a one-time code to the client’s phone ({order.clientPhoneHint}). A text arrives without mobile data. The
        client reads it out and you type it here.
      </Text>
      {nomineeMissing && (
        <Text size="sm" fw={600}>
          First check the ID of {order.nomineeName} and tick the box above.
        </Text>
      )}
      <Button
        variant={send.data ? 'default' : 'light'}
        size="md"
        mih={48}
        onClick={() => send.mutate()}
        loading={send.isPending}
        disabled={confirm.isPending || approve.isPending}
      >
        {send.data ? 'Text a new code' : 'Text a hand-over code'}
      </Button>
      {send.error && (
        <Alert color="red.9" role="alert" title="Not sent">
          {send.error.message}
        </Alert>
      )}
      {send.data && (
        <form onSubmit={submitCode}>
          <Stack gap="sm">
            <Text size="sm" role="status">
              Code sent to {send.data.sentTo}.{' '}
              {left > 0 ? `It expires in ${minutesAndSeconds(left)}.` : 'It has expired: text a new one.'}
            </Text>
            <TextInput
              label="Hand-over code"
              description="The 6 digits the client received by SMS"
              size="lg"
              value={code}
              // Digits only, 6 at most, cut after the spaces are dropped: no maxLength, which cut
              // " 582583 " pasted to " 58258" before that.
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="off"
              styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.3em', fontWeight: 700 } }}
            />
            <Button
              type="submit"
              size="md"
              mih={48}
              loading={confirm.isPending}
              disabled={code.length !== 6 || nomineeMissing || approve.isPending}
            >
              Hand over with this code
            </Button>
            {confirm.error && (
              <Alert color="red.9" role="alert" title="Do not hand over yet">
                {codeProblem(confirm.error)}
              </Alert>
            )}
          </Stack>
        </form>
      )}
      {props.canApprove ? (
        <form onSubmit={submitApproval}>
          <Stack gap="sm">
            <Textarea
              label="Approve without the client"
              description="As supervisor: say what you checked, e.g. “ID seen, name matches the account”."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={500}
            />
            <Button
              type="submit"
              variant="outline"
              size="md"
              mih={48}
              loading={approve.isPending}
              disabled={reason.trim().length < HANDOVER_REASON_MIN || nomineeMissing || confirm.isPending}
            >
              Approve hand-over
            </Button>
            {approve.error && (
              <Alert color="red.9" role="alert" title="Not approved">
                {approve.error.message}
              </Alert>
            )}
          </Stack>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          No phone at all? A Shift Supervisor, Manager or CEO can approve the hand-over from their account.
        </Text>
      )}
    </Stack>
  );
}
