import { Center, Container, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { AuthObject } from '../../../domain/schemas/auth';
import { useAuth } from '../../features/auth/api/get-auth';
import { VerificationForm } from '../../features/auth/components/verification-form';
import { landingAfterSignIn, readVerificationState } from '../../features/auth/verification-state';
import { clientOrdersQueryOptions } from '../../features/orders/api/get-client-orders';
import { paths } from '../../lib/paths';

// The order history's first page: asking for it here also fills the cache that screen reads.
const FIRST_ORDERS_PAGE = { pageSize: 10 } as const;

/** /auth/verification/mobile: reached with the navigation state { type, mobileNumber, origin, clientId }. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isLogin, authChecked } = useAuth();
  const state = readVerificationState(location.state);
  // Set the moment this screen signs the client in, so the rule below does not override the
  // landing page.
  const verifiedHere = useRef(false);
  // Once the boxes are on screen they stay: nothing that happens to the sign-in check later may
  // swap them for a loader and back (which would empty them and drop the focus).
  const shown = useRef(false);

  if (!authChecked && !shown.current) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  // A signed-in client who opens the verification screen is sent to /.
  if (isLogin && !verifiedHere.current) return <Navigate to={paths.home.getHref()} replace />;
  shown.current = true;

  const onVerified = async (auth: AuthObject) => {
    verifiedHere.current = true;
    const hasOrders = async () => {
      try {
        const first = await queryClient.fetchQuery(clientOrdersQueryOptions(FIRST_ORDERS_PAGE));
        return first.data.orders.length > 0;
      } catch {
        // Unknown (offline): the history screen says so itself, and lists what the device kept.
        return true;
      }
    };
    const to = await landingAfterSignIn(auth, state?.origin ?? null, hasOrders, {
      dashboard: paths.dashboard.root.getHref(),
      orders: paths.orderHistory.getHref(),
      products: paths.products.getHref(),
    });
    navigate(to, { replace: true });
  };

  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      <VerificationForm state={state} onVerified={(auth) => void onVerified(auth)} />
    </Container>
  );
}
