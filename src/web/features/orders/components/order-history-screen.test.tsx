import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import { renderWithProviders } from '../../../test/render';
import { orderFixture } from '../test/fixtures';
import { OrderHistoryScreen } from './order-history-screen';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...original, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
const get = vi.mocked(api.get);

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

beforeEach(async () => {
  vi.resetAllMocks();
  await localDb.orders.clear();
});

// Rendering Mantine under jsdom is slow on a busy machine: generous waits, never sleeps.
configure({ asyncUtilTimeout: 5000 });
describe('OrderHistoryScreen', { timeout: 20_000 }, () => {
  it('lists orders with status, naira total and dd/MM/yyyy date, linking to each', async () => {
    get.mockResolvedValue(page());
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
    get.mockResolvedValue(page());
    renderHistory();
    await screen.findByRole('link', { name: 'ARV-7K2M9Q' });
    get.mockResolvedValue(page([]));
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
    get.mockResolvedValueOnce(page());
    const first = renderHistory();
    await screen.findByRole('link', { name: 'ARV-7K2M9Q' });
    first.unmount();
    get.mockRejectedValue(new ApiError({ type: 'Unknown', status: 0, message: 'No connection: check your network' }));
    renderHistory();
    expect(
      await screen.findByText(/Showing the copy saved on this device, last updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ARV-2B3C4D' })).toBeInTheDocument();
  });

  it('says plainly when nothing was saved and the network is gone', async () => {
    get.mockRejectedValue(new ApiError({ type: 'Unknown', status: 0, message: 'No connection: check your network' }));
    renderHistory();
    expect(await screen.findByText('No connection: check your network', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
