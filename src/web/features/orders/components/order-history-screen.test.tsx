import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import { putCached } from '../../../lib/saved-copies';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderDetailCacheKey } from '../api/client-orders';
import { clearHistoryHandoff, handOverHistory, peekHistoryHandoff } from '../lib/shop-handoff';
import { orderFixture, orderPageFixture, orderSummaryFixture } from '../test/fixtures';
import { OrderHistoryScreen } from './order-history-screen';

// The real api client runs against the fake API; this watches what the screen asks of it.
let get: MockInstance<typeof api.get>;

const page = orderPageFixture;

const renderHistory = () =>
  renderWithProviders(<OrderHistoryScreen orderHref={(n) => `/order/${n}`} productsHref="/products" />);

const serve = (body = page()) => fakeApi({ 'GET order/client': { status: 200, body } });

beforeEach(async () => {
  get = vi.spyOn(api, 'get');
  await localDb.orders.clear();
});
afterEach(() => {
  clearHistoryHandoff();
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
    expect(get).toHaveBeenCalledWith('order/client', {
      searchParams: { status: undefined, pageSize: 10, cursor: undefined },
    });
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
  });

  it("takes over the history's first view with the status list open, as the client tapped it", async () => {
    serve();
    handOverHistory({ openStatus: true });
    renderHistory();
    await screen.findByRole('link', { name: 'ARV-7K2M9Q' });
    expect(await screen.findByRole('option', { name: 'Cancelled', hidden: true })).toBeInTheDocument();
    expect(peekHistoryHandoff()).toBeNull();
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
        searchParams: { status: 'Cancelled', pageSize: 10, cursor: undefined },
      }),
    );
    expect(await screen.findByText(/No Cancelled orders/)).toBeInTheDocument();
  });

  it('shows more orders after the last one, following the cursor, and stops at the end', async () => {
    const older = orderSummaryFixture({ id: 'o3', orderNumber: 'ARV-9X8W7V', status: 'Delivered' });
    fakeApi({
      'GET order/client': ({ query }) =>
        query.get('cursor') === 'after-o2'
          ? { status: 200, body: page([older]) }
          : { status: 200, body: page(undefined, 'after-o2') },
    });
    renderHistory();
    await screen.findByRole('link', { name: 'ARV-2B3C4D' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('link', { name: 'ARV-9X8W7V' })).toBeInTheDocument();
    // The first orders stay, in order, and nothing more is offered.
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['ARV-7K2M9Q', 'ARV-2B3C4D', 'ARV-9X8W7V']);
    expect(get).toHaveBeenLastCalledWith('order/client', {
      searchParams: { status: undefined, pageSize: 10, cursor: 'after-o2' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument());
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

  it('offline, "more" never read online shows the older orders whose page is saved on this phone', async () => {
    serve(page(undefined, 'after-o2'));
    const first = renderHistory();
    await screen.findByRole('link', { name: 'ARV-2B3C4D' });
    first.unmount();
    // An older order's own page was opened on this phone before; one of the listed ones too.
    await putCached('orders', orderDetailCacheKey('ARV-9X8W7V'), orderFixture({ id: 'o3', orderNumber: 'ARV-9X8W7V' }));
    await putCached('orders', orderDetailCacheKey('ARV-2B3C4D'), orderFixture({ id: 'o2', orderNumber: 'ARV-2B3C4D' }));
    fakeApi({}, { otherwise: { offline: true } });
    renderHistory();
    await screen.findByRole('link', { name: 'ARV-2B3C4D' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('link', { name: 'ARV-9X8W7V' })).toBeInTheDocument();
    // Each order once, and nothing more is offered.
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['ARV-7K2M9Q', 'ARV-2B3C4D', 'ARV-9X8W7V']);
    expect(screen.queryByText('More orders could not be loaded')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument());
  });

  it('says plainly when nothing was saved and the network is gone', async () => {
    fakeApi({}, { otherwise: { offline: true } });
    renderHistory();
    expect(await screen.findByText('No connection: check your network')).toBeInTheDocument();
  });
});
