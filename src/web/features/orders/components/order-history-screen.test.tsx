import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderFixture } from '../test/fixtures';
import { OrderHistoryScreen } from './order-history-screen';

// The real api client runs against the fake API; this watches what the screen asks of it.
let get: MockInstance<typeof api.get>;

const page = (
  orders = [orderFixture(), orderFixture({ id: 'o2', orderNumber: 'ARV-2B3C4D', status: 'Paid', total: 4_800_000 })],
) => ({
  orders,
  page: 1,
  pageSize: 10,
  total: orders.length,
});

const renderHistory = () =>
  renderWithProviders(<OrderHistoryScreen orderHref={(n) => `/order/${n}`} productsHref="/products" />);

const serve = (body = page()) => fakeApi({ 'GET order/client': { status: 200, body } });

beforeEach(async () => {
  get = vi.spyOn(api, 'get');
  await localDb.orders.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// Rendering Mantine under jsdom is slow on a busy machine: generous waits, never sleeps.
configure({ asyncUtilTimeout: 5000 });
describe('OrderHistoryScreen', { timeout: 20_000 }, () => {
  it('lists orders with status, naira total and dd/MM/yyyy date, linking to each', async () => {
    serve();
    renderHistory();
    const link = await screen.findByRole('link', { name: 'ARV-7K2M9Q' });
    expect(link).toHaveAttribute('href', '/order/ARV-7K2M9Q');
    expect(screen.getByText('₦15,625.00')).toBeInTheDocument();
    expect(screen.getByText('₦48,000.00')).toBeInTheDocument();
    expect(screen.getAllByText(/05\/03\/2026/)).toHaveLength(2);
    expect(screen.getByText('Not Paid', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('order/client', { searchParams: { status: undefined, page: 1, pageSize: 10 } });
  });

  it('filters by status', async () => {
    serve();
    renderHistory();
    await screen.findByRole('link', { name: 'ARV-7K2M9Q' });
    serve(page([]));
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled', hidden: true }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('order/client', {
        searchParams: { status: 'Cancelled', page: 1, pageSize: 10 },
      }),
    );
    expect(await screen.findByText(/No Cancelled orders/)).toBeInTheDocument();
  });

  it('shows the saved list offline with the time it was saved', async () => {
    serve();
    const first = renderHistory();
    await screen.findByRole('link', { name: 'ARV-7K2M9Q' });
    first.unmount();
    fakeApi({}, { otherwise: { offline: true } });
    renderHistory();
    expect(
      await screen.findByText(/Showing the copy saved on this device, last updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ARV-2B3C4D' })).toBeInTheDocument();
  });

  it('says plainly when nothing was saved and the network is gone', async () => {
    fakeApi({}, { otherwise: { offline: true } });
    renderHistory();
    expect(await screen.findByText('No connection: check your network', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
