import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { RESEND_COUNTDOWN_S } from '../../../../domain/constants';
import { userMessages } from '../../../../domain/errors';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { LoadingButton } from '../../../components/loading-button';
import { paths } from '../../../lib/paths';
import { useConfirmOtp } from '../api/confirm-otp';
import { useRequestOtp } from '../api/request-otp';
import { verificationErrorMessage } from '../auth-messages';
import type { VerificationState } from '../verification-state';
import { emptyOtp, OtpInput } from './otp-input';
import { formatCountdown, useCountdown } from './use-countdown';

export type VerificationFormProps = {
  /** null when the screen was opened without a client id: everything is locked (SPEC §4). */
  state: VerificationState | null;
  onVerified: (auth: AuthObject) => void;
};

/** The six-box code entry with its resend countdown and 'Back to Login' (SPEC §2, §4, §5). */
export function VerificationForm({ state, onVerified }: VerificationFormProps) {
  const [digits, setDigits] = useState(emptyOtp);
  const [incomplete, setIncomplete] = useState(false);
  const { left, restart } = useCountdown(RESEND_COUNTDOWN_S);
  const confirm = useConfirmOtp();
  const resend = useRequestOtp();

  const locked = !state || confirm.isPending || confirm.isSuccess;
  const filled = digits.every((d) => d !== '');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (locked) return;
    if (!filled) {
      setIncomplete(true);
      return;
    }
    confirm.mutate(digits.join(''), { onSuccess: (auth) => onVerified(auth) });
  };

  const resendCode = () => {
    setDigits(emptyOtp());
    setIncomplete(false);
    confirm.reset();
    restart();
    resend.mutate();
  };

  const error = !state
    ? userMessages.verificationNoClient
    : incomplete && !filled
      ? userMessages.otpIncomplete
      : confirm.error
        ? verificationErrorMessage(confirm.error)
        : resend.error
          ? verificationErrorMessage(resend.error)
          : null;

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={440} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            Verify your number
          </Title>
          <Text>
            {state?.mobileNumber
              ? `Enter the 6-digit code we sent to ${state.mobileNumber}.`
              : 'Enter the 6-digit code we sent you.'}
          </Text>
          <OtpInput
            value={digits}
            onChange={(next) => {
              setDigits(next);
              if (confirm.error) confirm.reset();
            }}
            disabled={locked}
            onSubmit={submit}
            error={Boolean(error)}
          />
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <LoadingButton type="submit" size="md" fullWidth loading={confirm.isPending} disabled={locked || !filled}>
            Verify
          </LoadingButton>
          <Text ta="center" size="sm" aria-live="polite">
            {left > 0 ? (
              <>Resend code in {formatCountdown(left)}</>
            ) : (
              <Anchor component="button" type="button" onClick={resendCode} disabled={!state} fw={600}>
                Resend Code
              </Anchor>
            )}
          </Text>
          <Text ta="center" size="sm">
            <Anchor component={Link} to={paths.login.getHref()} state={state ? { from: state.origin } : undefined}>
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
