import { ActionIcon, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { ApplicationRole } from '../../../../domain/schemas/leads';
import { DoneAlert, ProblemAlert, SubmitButton } from './form-parts';

const iconProps = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 256 256',
  width: 18,
  height: 18,
  fill: 'none',
  stroke: 'currentColor',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  strokeWidth: 16,
} as const;

/** A password input with a show / hide button that the form's enhancer operates. */
function PasswordField({ label, name }: { label: string; name: string }) {
  const id = useId();
  return (
    <TextInput
      id={id}
      size="lg"
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      rightSection={
        <ActionIcon
          size="xl"
          variant="subtle"
          color="gray"
          radius="xl"
          tabIndex={-1}
          aria-label="Toggle password visibility"
          aria-pressed="false"
          aria-controls={id}
          data-part="reveal"
        >
          <span data-part="show">
            <svg {...iconProps} aria-hidden="true">
              <path d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
              <circle cx="128" cy="128" r="40" />
            </svg>
          </span>
          <span data-part="hide" hidden>
            <svg {...iconProps} aria-hidden="true">
              <path d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
              <path d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6" />
            </svg>
          </span>
        </ActionIcon>
      }
    />
  );
}

/**
 * The rider / driver sign-up screen's form: Full Name, Email, Phone Number, Password,
 * Confirm Password and Sign Up. Markup only: enhanceSignupForm (enhance/signup-form.ts) checks it
 * with the form's messages and stores it as an application.
 */
export function RiderSignupForm({ applicant: role }: { applicant: ApplicationRole }) {
  return (
    <div data-enhance="signup-form" data-role={role}>
      <form noValidate aria-label={role === 'driver' ? 'Driver sign-up' : 'Rider sign-up'} data-part="form">
        <Stack gap="sm">
          <TextInput size="lg" label="Full Name" name="fullName" autoComplete="name" required />
          <TextInput size="lg" label="Email" name="email" type="email" autoComplete="email" required />
          <TextInput
            size="lg"
            label="Phone Number"
            name="phoneNumber"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="08031234567"
            required
          />
          <PasswordField label="Password" name="password" />
          <PasswordField label="Confirm Password" name="confirmPassword" />
          <ProblemAlert testId="signup-error" />
          <SubmitButton label="Sign Up" fullWidth />
        </Stack>
      </form>
      <DoneAlert title="Application received" testId="signup-done" part="done">
        <Text size="sm">
          Thank you, <span data-part="name" />. We will call you on <span data-part="phone" /> to finish your{' '}
          {role === 'driver' ? 'driver' : 'rider'} account.
        </Text>
      </DoneAlert>
    </div>
  );
}
