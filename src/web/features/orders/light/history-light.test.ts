import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../../lib/local-db';
import { putCached } from '../../../lib/saved-copies';
import { fakeApi } from '../../../test/fake-api';
import { orderDetailCacheKey } from '../api/client-orders';
import { clearHistoryHandoff, peekHistoryHandoff } from '../lib/shop-handoff';
import { orderFixture, orderPageFixture, orderSummaryFixture } from '../test/fixtures';
import { readHistory, runHistory } from './history-light';

const page = orderPageFixture;

async function start(runApp = vi.fn(() => Promise.resolve())) {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"><h1>Order history</h1></div></main>';
  const screenElement = document.querySelector<HTMLElement>('#main > div') as HTMLElement;
  const first = await readHistory();
  runHistory({ screen: screenElement, first, runApp, cleanups: [] });
  return { runApp, screenElement };
}

beforeEach(async () => {
  // The copies a test saved, in the local database or in the journal kept before its code loads.
  await localDb.orders.clear();
  localStorage.clear();
});
afterEach(() => {
  clearHistoryHandoff();
  document.body.innerHTML = '';
});

describe("the history's first view", () => {
  it('lists the orders as the app does, each linking to its page, and answers without the app', async () => {
    fakeApi({ 'GET order/client': { status: 200, body: page() } });
    const { runApp, screenElement } = await start();
    expect(screen.getByRole('heading', { name: 'Order history', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ARV-7K2M9Q' })).toHaveAttribute('href', '/order/ARV-7K2M9Q');
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent(
      /ARV-2B3C4D05\/03\/2026 · Pickup at the gas center · \d+ items?₦48,000\.00Paid/,
    );
    expect(screen.getByText('Not Paid')).toHaveAttribute('title', 'Waiting for your payment');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
    expect(screen.queryByText('You are offline')).toBeNull();
    expect(screenElement).not.toHaveAttribute('aria-busy');
    expect(runApp).not.toHaveBeenCalled();
  });

  it('a client with no orders is offered the shop', async () => {
    fakeApi({ 'GET order/client': { status: 200, body: page([]) } });
    await start();
    expect(screen.getByText(/You have no orders yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order gas' })).toHaveAttribute('href', '/products');
  });

  it('shows more orders by the cursor, once each, and stops at the end', async () => {
    const older = orderSummaryFixture({ id: 'o3', orderNumber: 'ARV-9X8W7V', status: 'Delivered' });
    const calls = fakeApi({
      'GET order/client': ({ query }) =>
        query.get('cursor') === 'after-o2'
          ? // The page repeats the last order listed (one placed meanwhile moved the pages).
            { status: 200, body: page([orderSummaryFixture({ id: 'o2', orderNumber: 'ARV-2B3C4D' }), older]) }
          : { status: 200, body: page(undefined, 'after-o2') },
    });
    await start();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('link', { name: 'ARV-9X8W7V' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^ARV-/ }).map((a) => a.textContent)).toEqual([
      'ARV-7K2M9Q',
      'ARV-2B3C4D',
      'ARV-9X8W7V',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
    expect(calls.calls.filter((c) => c.path.startsWith('order/client'))).toHaveLength(2);
  });

  it('offline, the saved first page and the orders opened before, with the time they were saved', async () => {
    fakeApi({ 'GET order/client': { status: 200, body: page(undefined, 'after-o2') } });
    await readHistory(); // seen online once: saved
    await putCached('orders', orderDetailCacheKey('ARV-OPENED'), orderFixture({ orderNumber: 'ARV-OPENED', id: 'o9' }));
    fakeApi({}, { otherwise: { offline: true } });
    await start();
    expect(screen.getByText('You are offline')).toBeInTheDocument();
    expect(
      screen.getByText(/Showing the copy saved on this device, last updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more orders' }));
    // Outside React's act(): this screen is no React, and the saved copies answer from IndexedDB.
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'ARV-OPENED' })).toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('says so when more orders cannot be loaded, and offers them again', async () => {
    fakeApi({
      'GET order/client': ({ query }) =>
        query.get('cursor')
          ? { status: 500, body: { message: 'The server is busy', status: 500, type: 'Unknown' } }
          : { status: 200, body: page(undefined, 'after-o2') },
    });
    await start();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More orders could not be loaded');
    expect(screen.getByRole('button', { name: 'Show more orders' })).toBeEnabled();
  });

  it('the status list hands the page to the app, the list to open', async () => {
    fakeApi({ 'GET order/client': { status: 200, body: page() } });
    const runApp = vi.fn(() => new Promise<void>(() => {}));
    await start(runApp);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Status' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(peekHistoryHandoff()).toEqual({ openStatus: true });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-busy', 'true'));
  });
});
