import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../domain/schemas/auth';
import { authKeys } from '../features/auth/api/get-auth';
import { resetAuthState } from '../features/auth/api/logout';
import { createQueryClient } from '../lib/query-client';
import { RequireClient } from './guards';
import { AppProvider } from './provider';

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
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      signedIn
        ? new Response(JSON.stringify({ auth }), { status: 200 })
        : new Response(JSON.stringify({ message: 'no', status: 401, type: 'CookiesAuthFailed' }), { status: 401 }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      { path: '/login', element: <Where /> },
      { element: <RequireClient />, children: [{ path: '/wallet', element: <p>Wallet screen</p> }] },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
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
