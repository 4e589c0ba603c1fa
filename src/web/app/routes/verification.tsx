import { Center, Container, Loader } from '@mantine/core';
import { useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/api/get-auth';
import { VerificationForm } from '../../features/auth/components/verification-form';
import { readVerificationState } from '../../features/auth/verification-state';
import { paths } from '../../lib/paths';

/** /auth/verification/mobile: reached with the navigation state { type, mobileNumber, origin, clientId }. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const { isLogin, authChecked } = useAuth();
  const state = readVerificationState(location.state);
  // Set the moment this screen signs the client in, so the rule below does not override the
  // return to the origin.
  const verifiedHere = useRef(false);

  if (!authChecked) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  // SPEC §4: a signed-in client who opens the verification screen is sent to /.
  if (isLogin && !verifiedHere.current) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      <VerificationForm
        state={state}
        onVerified={() => {
          verifiedHere.current = true;
          navigate(state?.origin ?? paths.home.getHref(), { replace: true });
        }}
      />
    </Container>
  );
}
