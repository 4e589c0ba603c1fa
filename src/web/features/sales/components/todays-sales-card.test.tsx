import { focusManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { TodaysSalesCard } from './todays-sales-card';

afterEach(() => vi.unstubAllGlobals());

const mine = {
  fromDate: '2026-11-29',
  toDate: '2026-11-29',
  total: 1_800_000,
  orders: 1,
  byPaymentType: { Cash: 1_800_000, Electronic: 0, Wallet: 0 },
  byDay: [],
  staffId: 's1',
  name: 'Chidi Eze',
};

describe("today's sales on the staff home", () => {
  it("shows a role without the company's figures its own, and does not ask for the company's again", async () => {
    const api = fakeApi({
      'GET sales': refusal(403, 'Forbidden', 'You do not have permission to view this page.', {
        reason: 'MissingAccess',
      }),
      'GET admin/sales': { status: 200, body: mine },
    });
    renderWithProviders(<TodaysSalesCard />);
    expect(await screen.findByText('My sales today')).toBeInTheDocument();
    expect(await screen.findByText('₦18,000.00')).toBeInTheDocument();
    // The tablet looked at again: its own sales are read again, the company's are not.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'admin/sales').length).toBeGreaterThan(1));
    expect(api.calls.filter((c) => c.path === 'sales')).toHaveLength(1);
    focusManager.setFocused(undefined);
  });
});

describe("today's sales per gas center", () => {
  const figures = (total: number) => ({
    total,
    orders: 1,
    byPaymentType: { Cash: total, Electronic: 0, Wallet: 0 },
    byDay: [],
  });
  const day = { fromDate: '2026-11-29', toDate: '2026-11-29' };

  it('shows the CEO the company with each center, and a center once chosen', async () => {
    const api = fakeApi({
      'GET sales': ({ query }) => ({
        status: 200,
        body:
          query.get('center') === lekkiCenter.id
            ? { ...day, ...figures(500_000), center: { id: lekkiCenter.id, name: lekkiCenter.name } }
            : {
                ...day,
                ...figures(1_500_000),
                center: null,
                byCenter: [
                  { centerId: 'c1', centerName: 'Arrive Gas Center', ...figures(1_000_000) },
                  { centerId: lekkiCenter.id, centerName: 'Arrive Lekki', ...figures(500_000) },
                ],
              },
      }),
    });
    renderWithProviders(<TodaysSalesCard centers={twoCenters} choosesCenter />);
    expect(await screen.findByText('₦15,000.00')).toBeInTheDocument();
    expect(screen.getByText('Arrive Gas Center: ₦10,000.00')).toBeInTheDocument();
    expect(screen.getByText('Arrive Lekki: ₦5,000.00')).toBeInTheDocument();
    const choice = screen.getAllByLabelText(/^Gas center/).find((el) => el instanceof HTMLInputElement);
    if (!choice) throw new Error('no choice of center');
    fireEvent.click(choice);
    fireEvent.click(await screen.findByRole('option', { name: 'Arrive Lekki', hidden: true }));
    expect(await screen.findByText('₦5,000.00')).toBeInTheDocument();
    expect(screen.queryByText('Arrive Lekki: ₦5,000.00')).toBeNull();
    expect(api.calls.filter((c) => c.path === 'sales').length).toBeGreaterThan(1);
  });

  it('names the center of the shift for anyone else', async () => {
    fakeApi({
      'GET sales': {
        status: 200,
        body: { ...day, ...figures(500_000), center: { id: lekkiCenter.id, name: lekkiCenter.name } },
      },
    });
    renderWithProviders(<TodaysSalesCard centers={twoCenters} />);
    expect(await screen.findByText('Gas center: Arrive Lekki')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Gas center/)).toBeNull();
  });
});
