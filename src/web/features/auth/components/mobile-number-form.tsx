import { Alert, Anchor, Button, Input, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import type { SignInMode } from '../api/start-sign-in';
import { enhanceSignInForm } from '../enhance/sign-in-form';

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

/**
 * The mobile number form of /login and /signup: digits only, at most 11, pastes
 * normalised. Markup only, with its behaviour in enhance/sign-in-form.ts: the same behaviour runs on
 * the prerendered page (a first visit, no app code at all) and here, where the app's router takes
 * the client on to the verification screen.
 */
export function MobileNumberForm({ mode }: { mode: SignInMode }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const text = copy[mode];

  // The state this screen was opened with (where to return after sign-in), read when the form is sent.
  const state = useRef<unknown>(location.state);
  useEffect(() => {
    state.current = location.state;
  }, [location.state]);

  useEffect(() => {
    if (!ref.current) return;
    return enhanceSignInForm(ref.current, {
      navigate: (href, next) => navigate(href, { state: next }),
      state: () => state.current,
    });
  }, [navigate]);

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={440} mx="auto">
      <div ref={ref} data-enhance="sign-in-form" data-mode={mode}>
        <form noValidate data-part="form">
          <Stack gap="md">
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {text.title}
            </Title>
            <Text>{text.intro}</Text>
            {/* No maxLength: the browser would cut a pasted "+234 801 000 0002" at 11 characters,
                before the enhancer reads it as 08010000002. */}
            <TextInput
              id={id}
              label="Mobile number"
              placeholder="08012345678"
              name="mobileNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              required
              size="md"
              data-part="mobile-number"
              inputContainer={(children) => (
                <>
                  {children}
                  <Input.Error id={`${id}-error`} size="md" data-part="mobile-number-error" hidden />
                </>
              )}
            />
            <Alert color="red" role="alert" variant="light" hidden data-part="problem">
              <span data-part="message" />
            </Alert>
            <Button type="button" size="md" fullWidth disabled data-part="submit">
              <span data-part="label">Continue</span>
              <span data-part="busy" hidden>
                Loading...
              </span>
            </Button>
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
                data-part="other"
              >
                {text.other.label}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </div>
    </Paper>
  );
}
