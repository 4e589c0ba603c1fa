import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
