import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../domain/schemas/auth';
import { authKeys } from '../features/auth/api/get-auth';
import { resetAuthState } from '../features/auth/api/logout';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { RequireClient } from './guards';

afterEach(() => {
  vi.unstubAllGlobals();
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

function renderAt(path: string, signedIn: boolean) {
  fakeApi({
    'GET auth/cookie_auth': signedIn
      ? { status: 200, body: { auth } }
      : { status: 401, body: { message: 'no', status: 401, type: 'CookiesAuthFailed' } },
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
});
