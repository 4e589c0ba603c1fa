import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { localDb } from '../../../lib/local-db';
import { signedInAs as asClient, salesAssociate as member } from '../../../test/auth-fixtures';
import { renderWithProviders } from '../../../test/render';
import { Component as DashboardLayout } from './layout';

// The cookie check, mocked: each test sets who is signed in.
const session = vi.hoisted(() => ({ auth: null as AuthObject | null }));
vi.mock('../../../features/auth/api/get-auth', () => ({
  authKeys: { all: ['auth'], session: () => ['auth', 'session'] },
  authQueryOptions: () => ({ queryKey: ['auth', 'session'], queryFn: async () => session.auth, retry: false }),
}));

function renderAt(path: string) {
  const screenOf = (text: string) => () => <p>{text}</p>;
  const { router } = renderWithProviders(
    [
      { path: '/login', Component: screenOf('Login screen') },
      { path: '/access-denied', Component: screenOf('Site access denied') },
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [
          { index: true, Component: screenOf('Dashboard home') },
          { path: 'orders', Component: screenOf('Orders screen') },
          { path: 'shift', Component: screenOf('Shift screen') },
          { path: 'access-denied', Component: screenOf('Dashboard access denied') },
        ],
      },
    ],
    { path },
  );
  return router;
}

beforeEach(async () => {
  await localDb.pendingActions.clear();
});
afterEach(() => {
  session.auth = null;
});

describe('the dashboard guard', () => {
  it('sends someone not logged in to /login', async () => {
    const router = renderAt('/dashboard/orders');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a client without a staff record to /access-denied', async () => {
    session.auth = asClient(null);
    renderAt('/dashboard');
    expect(await screen.findByText('Site access denied')).toBeInTheDocument();
  });

  it('sends someone who is no longer staff to the dashboard access-denied screen', async () => {
    session.auth = asClient({ ...member, isCurrentStaff: false, shift: { id: 'x', workingNow: true } });
    const router = renderAt('/dashboard/orders');
    expect(await screen.findByText('Dashboard access denied')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/access-denied');
    // No staff page is offered to them.
    expect(screen.queryByRole('link', { name: 'Sell' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Arrive' })).toBeInTheDocument();
  });

  it('sends current staff without a working shift to the shift page, which stays reachable', async () => {
    session.auth = asClient(member);
    const router = renderAt('/dashboard/orders');
    expect(await screen.findByText('Shift screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/shift');
    expect(screen.getByRole('link', { name: 'Shift' })).toBeInTheDocument();
  });

  it('says Offline in the header when the network goes, and not once it is back', async () => {
    session.auth = asClient({ ...member, shift: { id: 'sh1', workingNow: true } });
    renderAt('/dashboard');
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Offline')).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    onLine.mockRestore();
  });

  it('shows the dashboard with its side menu to staff on a shift', async () => {
    session.auth = asClient({ ...member, shift: { id: 'sh1', workingNow: true } });
    renderAt('/dashboard');
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    for (const name of ['Dashboard', 'Sales', 'Pick up', 'Shift']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    // Order groups Orders and Detail.
    expect(screen.getByRole('button', { name: 'Order' })).toBeInTheDocument();
    // A sales associate (Staff access) is not offered the pages their access does not open.
    expect(screen.queryByRole('link', { name: 'Update data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add staff' })).not.toBeInTheDocument();
  });

  it('offers Update data and Add staff to a member with Admin access', async () => {
    session.auth = asClient({ ...member, access: ['Staff', 'Admin'], shift: { id: 'sh1', workingNow: true } });
    renderAt('/dashboard');
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add staff' })).toBeInTheDocument();
  });

  it('counts a shift start still waiting to sync as working', async () => {
    await localDb.pendingActions.put({
      id: 'k1',
      kind: 'shift.start',
      payload: { body: { openingFloat: 100 }, via: 'worker' },
      createdAt: Date.now(),
      status: 'pending',
    });
    session.auth = asClient(member);
    renderAt('/dashboard/orders');
    expect(await screen.findByText('Orders screen')).toBeInTheDocument();
    expect(screen.getByText('1 to sync')).toBeInTheDocument();
  });
});
