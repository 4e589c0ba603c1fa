import { Alert, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { filterMobileInput } from '../../../../domain/phone';
import { type ApplicationRole, type RiderSignupValues, validateRiderSignup } from '../../../../domain/schemas/leads';
import { LoadingButton } from '../../../components/loading-button';
import { ApiError } from '../../../lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import { useHydrated } from '../hooks/use-hydrated';
import { createSubmissionKeys } from './submission-key';

const empty: RiderSignupValues = { fullName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' };

/**
 * The rider / driver sign-up screen's form (SPEC §2, §5): Full Name, Email, Phone Number, Password,
 * Confirm Password and Sign Up. Checked here with SPEC's messages, then stored as an application.
 */
export function RiderSignupForm({ applicant: role }: { applicant: ApplicationRole }) {
  const [values, setValues] = useState<RiderSignupValues>(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [nextKey] = useState(createSubmissionKeys);
  const mutation = useSubmitApplication(role);
  const hydrated = useHydrated();
  const doneRef = useRef<HTMLDivElement>(null);

  const set = (field: keyof RiderSignupValues) => (event: { currentTarget: { value: string } }) => {
    const value = field === 'phoneNumber' ? filterMobileInput(event.currentTarget.value) : event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRiderSignup(values);
    setProblem(found);
    if (found) return;
    console.info('[marketing] sign-up submitted', { role });
    const body = { role, ...values };
    mutation.mutate(
      { body, idempotencyKey: nextKey(body) },
      { onSuccess: () => requestAnimationFrame(() => doneRef.current?.focus()) },
    );
  };

  if (mutation.isSuccess) {
    return (
      <Alert
        ref={doneRef}
        tabIndex={-1}
        color="green"
        variant="light"
        role="status"
        title="Application received"
        data-testid="signup-done"
      >
        <Text size="sm">
          Thank you, {values.fullName.trim()}. We will call you on {values.phoneNumber} to finish your{' '}
          {role === 'driver' ? 'driver' : 'rider'} account.
        </Text>
      </Alert>
    );
  }

  const serverError =
    mutation.error instanceof ApiError
      ? mutation.error.isNetworkError
        ? 'You seem to be offline: your application was not sent. Try again when you have a connection.'
        : mutation.error.message
      : mutation.error
        ? 'Something went wrong in creating account'
        : null;
  const message = problem ?? serverError;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={role === 'driver' ? 'Driver sign-up' : 'Rider sign-up'}>
      <Stack gap="sm">
        <TextInput
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          value={values.fullName}
          onChange={set('fullName')}
        />
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
        />
        <TextInput
          label="Phone Number"
          name="phoneNumber"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="08031234567"
          required
          value={values.phoneNumber}
          onChange={set('phoneNumber')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
        />
        <PasswordInput
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
        />
        {message && (
          <Alert color="red" variant="light" role="alert" data-testid="signup-error">
            {message}
          </Alert>
        )}
        <LoadingButton type={hydrated ? 'submit' : 'button'} loading={mutation.isPending} size="md" fullWidth>
          Sign Up
        </LoadingButton>
      </Stack>
    </form>
  );
}
