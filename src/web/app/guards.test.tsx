import { useMutation } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../domain/schemas/auth';
import { authKeys } from '../features/auth/api/get-auth';
import { rememberAuth } from '../features/auth/api/last-auth';
import { resetAuthState } from '../features/auth/api/logout';
import { api } from '../lib/api-client';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { RequireClient } from './guards';

afterEach(() => {
  vi.unstubAllGlobals();
  rememberAuth(null);
});

const auth: AuthObject = {
  isLogin: true,
  isVerified: true,
  clientId: 'c1',
  client: {
    id: 'c1',
    phoneLocal: '08010000002',
    phoneInternational: '2348010000002',
    firstname: null,
    lastname: null,
    email: null,
    staff: null,
  },
};

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname} from ${(location.state as { from?: string } | null)?.from ?? '-'}`}</p>;
}

function renderAt(path: string, signedIn: boolean, answer?: Promise<void>) {
  fakeApi({
    'GET auth/cookie_auth': async () => {
      await answer;
      return signedIn
        ? { status: 200 as const, body: { auth } }
        : { status: 401 as const, body: { message: 'no', status: 401, type: 'CookiesAuthFailed' } };
    },
  });
  const { queryClient } = renderWithProviders(
    [
      { path: '/', element: <Where /> },
      { path: '/login', element: <Where /> },
      { element: <RequireClient />, children: [{ path: '/wallet', element: <p>Wallet screen</p> }] },
    ],
    { path },
  );
  return { queryClient };
}

/** Renders with the cookie check held back; answers the function that lets it answer. */
function renderAtAnsweringLater(path: string, signedIn: boolean): () => void {
  let answer = () => {};
  renderAt(path, signedIn, new Promise<void>((resolve) => (answer = resolve)));
  return () => answer();
}

describe('RequireClient', () => {
  it('sends a visitor to login with the origin carried', async () => {
    renderAt('/wallet?tab=AddFund', false);
    expect(await screen.findByText('at /login from /wallet?tab=AddFund')).toBeInTheDocument();
  });

  it('shows the page to a signed-in client', async () => {
    renderAt('/wallet', true);
    expect(await screen.findByText('Wallet screen')).toBeInTheDocument();
  });

  it('sends someone who just signed out home, not to login', async () => {
    const { queryClient } = renderAt('/wallet', true);
    await screen.findByText('Wallet screen');
    act(() => resetAuthState(queryClient));
    expect(await screen.findByText('at / from -')).toBeInTheDocument();
    expect(queryClient.getQueryData(authKeys.session())).toBeNull();
  });

  it('opens the screen at once on a device last signed in, while the sign-in is checked', async () => {
    rememberAuth(auth);
    const answer = renderAtAnsweringLater('/wallet', true);
    // The cookie check has not answered: the screen is there already.
    expect(await screen.findByText('Wallet screen')).toBeInTheDocument();
    await act(async () => answer());
    expect(screen.getByText('Wallet screen')).toBeInTheDocument();
  });

  it('sends to login a device whose remembered sign-in the server no longer knows', async () => {
    rememberAuth(auth);
    const answer = renderAtAnsweringLater('/wallet', false);
    expect(await screen.findByText('Wallet screen')).toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByText('at /login from /wallet')).toBeInTheDocument();
    expect(screen.queryByText('Wallet screen')).not.toBeInTheDocument();
  });

  it('waits for the check on a device that was not signed in', async () => {
    const answer = renderAtAnsweringLater('/wallet', true);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Wallet screen')).not.toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByText('Wallet screen')).toBeInTheDocument();
  });
});

/** A screen with one action, as checkout has. */
function Checkout() {
  const place = useMutation({ mutationFn: () => api.post('order/new', {}) });
  return (
    <button type="button" onClick={() => place.mutate()}>
      Place order and pay
    </button>
  );
}

describe('a session ended from another device', () => {
  it('sends the person to sign in, with the way back, as soon as an action is refused with 401', async () => {
    let revoked = false;
    fakeApi({
      'GET auth/cookie_auth': () =>
        revoked
          ? { status: 401 as const, body: { message: 'no', status: 401, type: 'CookiesAuthFailed' } }
          : { status: 200 as const, body: { auth } },
      'POST order/new': () => ({
        status: 401 as const,
        body: {
          message: 'You have been signed out; please sign in again',
          status: 401,
          type: 'TokenVerificationError',
        },
      }),
    });
    renderWithProviders(
      [
        { path: '/login', element: <Where /> },
        { element: <RequireClient />, children: [{ path: '/products', element: <Checkout /> }] },
      ],
      { path: '/products' },
    );
    const button = await screen.findByRole('button', { name: 'Place order and pay' });
    revoked = true;
    act(() => button.click());
    expect(await screen.findByText('at /login from /products')).toBeInTheDocument();
  });
});
