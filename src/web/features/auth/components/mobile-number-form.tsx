import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PHONE_LOCAL_LENGTH } from '../../../../domain/constants';
import { isInternationalInProgress, isValidMobileFormat, mobileFormatMessage } from '../../../../domain/phone';
import { LoadingButton } from '../../../components/loading-button';
import { paths } from '../../../lib/paths';
import { type SignInMode, useStartSignIn } from '../api/start-sign-in';
import { loginErrorMessage, signupErrorMessage } from '../auth-messages';
import { originFromState, type VerificationState } from '../verification-state';
import { MobileNumberInput } from './mobile-number-input';

const copy = {
  login: {
    title: 'Log in',
    intro: 'Enter your mobile number and we will text you a 6-digit code.',
    other: { question: 'New to Arrive?', label: 'Sign up', to: paths.signup.getHref() },
  },
  signup: {
    title: 'Create your account',
    intro: 'Sign up with your mobile number. We will text you a 6-digit code to confirm it.',
    other: { question: 'Already have an account?', label: 'Log in', to: paths.login.getHref() },
  },
} as const;

/** The mobile number form of /login and /signup (SPEC §2, §5): digits only, at most 11, pastes normalised. */
export function MobileNumberForm({ mode }: { mode: SignInMode }) {
  const [mobileNumber, setMobileNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const start = useStartSignIn(mode);
  const navigate = useNavigate();
  const location = useLocation();
  const origin = originFromState(location.state);
  const text = copy[mode];

  // An international number part-way typed (234…) is not wrong yet: it becomes 0… once whole.
  const inProgress = isInternationalInProgress(mobileNumber) && !touched;
  const complete = mobileNumber.length === PHONE_LOCAL_LENGTH && !inProgress;
  const formatError = (touched || complete) && !inProgress && mobileNumber !== '' && !isValidMobileFormat(mobileNumber);
  const serverError = start.error ? (mode === 'signup' ? signupErrorMessage : loginErrorMessage)(start.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!complete || !isValidMobileFormat(mobileNumber)) return;
    start.mutate(mobileNumber, {
      onSuccess: (result) => {
        const state: VerificationState = {
          type: 'mobile',
          mobileNumber: result.mobileNumber,
          origin,
          clientId: result.clientId,
        };
        navigate(paths.verification.getHref('mobile'), { state });
      },
    });
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={440} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {text.title}
          </Title>
          <Text>{text.intro}</Text>
          <MobileNumberInput
            label="Mobile number"
            placeholder="08012345678"
            value={mobileNumber}
            onChange={(next) => {
              setMobileNumber(next);
              setTouched(false);
              if (start.error) start.reset();
            }}
            onBlur={() => setTouched(true)}
            error={formatError ? mobileFormatMessage : undefined}
            required
            size="md"
          />
          {serverError && (
            <Alert color="red" role="alert" variant="light">
              {serverError}
            </Alert>
          )}
          <LoadingButton type="submit" size="md" fullWidth loading={start.isPending} disabled={!complete}>
            Continue
          </LoadingButton>
          <Text ta="center" size="sm">
            {text.other.question}{' '}
            <Anchor
              component={Link}
              to={text.other.to}
              state={location.state}
              fw={600}
              display="inline-block"
              py={12}
              px={4}
            >
              {text.other.label}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
