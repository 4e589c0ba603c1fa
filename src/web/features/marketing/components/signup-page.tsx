import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ApplicationRole } from '../../../../domain/schemas/leads';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';
import classes from './marketing.module.css';
import { RiderSignupForm } from './rider-signup-form';

/** /rider/auth and /driver/signup: the same sign-up screen, for a rider or a driver. */
export function SignupPage({ applicant: role }: { applicant: ApplicationRole }) {
  useDocumentTitle(staticPageMeta[role === 'driver' ? '/driver/signup' : '/rider/auth'].title);
  return (
    <Container size="xs" className={classes.section}>
      <Title order={1}>{role === 'driver' ? 'Sign up to drive' : 'Sign up to ride'}</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        {role === 'driver' ? (
          <>
            New to driving with Arrive?{' '}
            <Anchor component={Link} to="/driver/info" underline="always">
              See how it works
            </Anchor>
            .
          </>
        ) : (
          'Create your rider account in a minute.'
        )}
      </Text>
      <div className={classes.formPanel}>
        <RiderSignupForm applicant={role} />
      </div>
    </Container>
  );
}
