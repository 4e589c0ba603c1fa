import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { salesAssociate, signedInAs } from '../../../test/auth-fixtures';
import { twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { Component as DashboardHome } from './home';

// Who is signed in: the CEO, on a shift.
const session = vi.hoisted(() => ({ auth: null as AuthObject | null }));
vi.mock('../../../features/auth/api/get-auth', () => ({
  authKeys: { all: ['auth'], session: () => ['auth', 'session'] },
  authQueryOptions: () => ({ queryKey: ['auth', 'session'], queryFn: async () => session.auth, retry: false }),
  useAuth: () => ({ auth: session.auth }),
}));

afterEach(() => vi.unstubAllGlobals());

const figures = {
  total: 1_500_000,
  orders: 1,
  byPaymentType: { Cash: 1_500_000, Electronic: 0, Wallet: 0 },
  byDay: [],
};

describe('the staff home', () => {
  it('keeps its rows until the cards have their first answers, then shows them all at once', async () => {
    session.auth = signedInAs({ ...salesAssociate, role: 'CEO', access: ['CEO'] });
    let answerSales = () => {};
    const salesAnswered = new Promise<void>((resolve) => {
      answerSales = resolve;
    });
    fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'GET shift/active': { status: 200, body: { shift: null } },
      'GET admin/orders': { status: 200, body: [] },
      'GET sales': async () => {
        await salesAnswered;
        return {
          status: 200,
          body: {
            fromDate: '2026-12-07',
            toDate: '2026-12-07',
            ...figures,
            center: null,
            byCenter: twoCenters.map((c) => ({ centerId: c.id, centerName: c.name, ...figures })),
          },
        };
      },
    });
    renderWithProviders(<DashboardHome />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // Today's orders has answered, the sales have not: no card yet, the rows stay.
    await waitFor(() => expect(screen.getByText('No orders yet today.')).toBeInTheDocument());
    expect(screen.getByText('No orders yet today.')).not.toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    answerSales();
    await waitFor(() => expect(screen.getByText('No orders yet today.')).toBeVisible());
    expect(screen.getAllByText('₦15,000.00')[0]).toBeVisible();
    expect(screen.getByText(`${twoCenters[1]?.name}: ₦15,000.00`)).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
