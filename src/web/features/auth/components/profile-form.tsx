import { Alert, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Profile } from '../../../../domain/schemas/auth';
import { LoadingButton } from '../../../components/loading-button';
import { ApiError } from '../../../lib/api-client';
import { textField } from '../../../lib/text-field';
import { useUpdateProfile } from '../api/profile';

/** Firstname, lastname and email; the phone number is the identity, shown but not editable. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [firstname, setFirstname] = useState(profile.firstname ?? '');
  const [lastname, setLastname] = useState(profile.lastname ?? '');
  const [email, setEmail] = useState(profile.email ?? '');
  const update = useUpdateProfile();
  // The profile read again (another phone saved it): a field not edited here shows what it is now.
  const shown = useRef(profile);
  useEffect(() => {
    const before = shown.current;
    shown.current = profile;
    if (before === profile) return;
    const follow = (set: (f: (v: string) => string) => void, was: string | null, now: string | null) =>
      set((value) => (value === (was ?? '') ? (now ?? '') : value));
    follow(setFirstname, before.firstname, profile.firstname);
    follow(setLastname, before.lastname, profile.lastname);
    follow(setEmail, before.email, profile.email);
  }, [profile]);

  const emailInvalid = email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const unchanged =
    firstname === (profile.firstname ?? '') && lastname === (profile.lastname ?? '') && email === (profile.email ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (emailInvalid) return;
    // Only what was changed here: another phone may have saved the rest meanwhile.
    const was = { firstname: profile.firstname ?? '', lastname: profile.lastname ?? '', email: profile.email ?? '' };
    const now = { firstname, lastname, email };
    const changed = Object.fromEntries(
      (Object.keys(now) as (keyof typeof now)[]).filter((k) => now[k].trim() !== was[k].trim()).map((k) => [k, now[k]]),
    );
    update.mutate(changed, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Your profile was saved.' }),
    });
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            Profile
          </Title>
          <TextInput label="Mobile number" value={profile.phoneLocal} readOnly variant="filled" />
          <TextInput
            label="First name"
            {...textField(firstname, setFirstname)}
            maxLength={60}
            autoComplete="given-name"
          />
          <TextInput
            label="Last name"
            {...textField(lastname, setLastname)}
            maxLength={60}
            autoComplete="family-name"
          />
          <TextInput
            label="Email"
            type="email"
            {...textField(email, setEmail)}
            error={emailInvalid ? 'Enter a valid email address' : undefined}
            maxLength={254}
            autoComplete="email"
          />
          {update.error && (
            <Alert color="red" role="alert" variant="light">
              {update.error instanceof ApiError && update.error.status === 400
                ? update.error.message
                : 'Your profile could not be saved. Please try again.'}
            </Alert>
          )}
          <LoadingButton type="submit" loading={update.isPending} disabled={unchanged || emailInvalid}>
            Save
          </LoadingButton>
          <Text size="sm">
            Your mobile number is how you sign in, so it cannot be changed here. To use another number, sign up with it
            as a new account.
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
