import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { OTP_LENGTH } from '../../../../domain/constants';
import { userMessages } from '../../../../domain/errors';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { LoadingButton } from '../../../components/loading-button';
import { paths } from '../../../lib/paths';
import { useConfirmOtp } from '../api/confirm-otp';
import { useRequestOtp } from '../api/request-otp';
import { verificationErrorMessage } from '../auth-messages';
import type { VerificationState } from '../verification-state';
import { OtpInput } from './otp-input';
import { ResendCountdown } from './resend-countdown';
import { useWebOtp } from './use-web-otp';

export type VerificationFormProps = {
  /** null when the screen was opened without a client id: everything is locked. */
  state: VerificationState | null;
  onVerified: (auth: AuthObject) => void;
};

/** The six-box code entry with its resend countdown and 'Back to Login'. */
export function VerificationForm({ state, onVerified }: VerificationFormProps) {
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  // A new round restarts the countdown (a new key remounts it, and only it).
  const [round, setRound] = useState(0);
  const confirm = useConfirmOtp();
  const resend = useRequestOtp();

  const locked = !state || confirm.isPending || confirm.isSuccess;
  const filled = code.length === OTP_LENGTH;

  const verify = (value: string) => confirm.mutate(value, { onSuccess: (auth) => onVerified(auth) });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (locked) return;
    if (!filled) {
      setIncomplete(true);
      return;
    }
    verify(code);
  };

  // The code from the SMS, offered by the browser (WebOTP): fill the boxes and verify.
  useWebOtp(!locked, (fromSms) => {
    setCode(fromSms);
    if (fromSms.length === OTP_LENGTH) verify(fromSms);
  });

  const resendCode = () => {
    setCode('');
    setIncomplete(false);
    confirm.reset();
    setRound((r) => r + 1);
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
            value={code}
            onChange={(next) => {
              setCode(next);
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
          <ResendCountdown key={round} onResend={resendCode} disabled={!state} />
          <Text ta="center" size="sm">
            <Anchor
              component={Link}
              to={paths.login.getHref()}
              state={state?.origin ? { from: state.origin } : undefined}
              display="inline-block"
              py={12}
              px="sm"
            >
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
