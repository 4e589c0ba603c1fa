import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../domain/schemas/order';
import { localDb } from '../../../lib/local-db';
import { type Cached, freshCopy } from '../../../lib/offline-copy';
import { fakeApi } from '../../../test/fake-api';
import type { CheckoutWallet } from '../components/checkout-panel';
import { clearOrderHandoff, peekOrderIntent } from '../lib/shop-handoff';
import { orderFixture } from '../test/fixtures';
import { type OrderPage, orderAsksForApp, orderNumberIn, runOrder } from './order-light';

const card = { bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' };
const paid = orderFixture({
  status: 'Paid',
  paymentStatus: 'success',
  canCancel: false,
  paidAt: '2026-03-05T09:40:00.000Z',
  pickupCode: '7YPV4Z',
  events: [
    { id: 'e1', kind: 'order', status: 'Not Paid', note: 'Order placed', at: '2026-03-05T09:30:00.000Z' },
    { id: 'e2', kind: 'order', status: 'Paid', note: null, at: '2026-03-05T09:40:00.000Z' },
  ],
});

function start(
  options: {
    order?: Cached<Order>;
    wallet?: CheckoutWallet;
    card?: OrderPage['card'];
    read?: () => Promise<OrderPage | null>;
    runApp?: () => Promise<void>;
  } = {},
) {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"><h1>Order</h1></div></main>';
  const screenElement = document.querySelector<HTMLElement>('#main > div') as HTMLElement;
  const page: OrderPage = {
    order: options.order ?? freshCopy(orderFixture()),
    wallet: options.wallet ?? { state: 'ready', balance: 2_000_000 },
    card: options.card ?? null,
  };
  const runApp = options.runApp ?? vi.fn(() => Promise.resolve());
  const cleanups: (() => void)[] = [];
  runOrder({
    screen: screenElement,
    page,
    clientId: 'client-1',
    read: options.read ?? (() => Promise.resolve(page)),
    runApp,
    cleanups,
  });
  return { runApp, screenElement, cleanups };
}

beforeEach(async () => {
  await localDb.orders.clear();
  localStorage.clear();
});
afterEach(() => {
  clearOrderHandoff();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe("an order's first view", () => {
  it('draws an unpaid order as the app does: title, status, the ways to pay, items, totals, timeline', () => {
    const { screenElement } = start({ card });
    expect(screen.getByRole('heading', { name: 'Order ARV-7K2M9Q', level: 1 })).toBeInTheDocument();
    expect(screenElement).not.toHaveAttribute('aria-busy');
    expect(screen.getByTitle('Waiting for your payment')).toHaveTextContent('Not Paid');
    expect(screen.getByText(/Placed 05\/03\/2026/)).toBeInTheDocument();
    expect(screen.queryByText(/Payment number/)).toBeNull();
    expect(screen.getByText('Pay ₦15,625.00 to confirm this order')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Order again',
      'Pay with card ending 4081',
      'Pay',
      'Pay from wallet',
      'Cancel order',
    ]);
    expect(screen.getByText('Wallet balance ₦20,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Order history' })).toHaveAttribute('href', '/order/history');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('row', { name: /Cooking gas .* 12\.5 kg ₦15,625\.00/ })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: 'Total ₦15,625.00' })).toBeInTheDocument();
    expect(within(items).getByText('Pickup at the gas center')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Order status timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['Not Paid05/03/2026 10:30Order placed']);
    expect(screen.queryByRole('region', { name: 'Pickup' })).toBeNull();
  });

  it('hands a tap to the app, which presses it: once, for this order; a failed hand-over takes it back', async () => {
    let fail = true;
    const runApp = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : new Promise<void>(() => {})));
    start({ runApp });
    const user = userEvent.setup();
    const pay = screen.getByRole('button', { name: 'Pay from wallet' });
    await user.click(pay);
    expect(runApp).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(pay).not.toHaveAttribute('aria-busy'));
    expect(peekOrderIntent('ARV-7K2M9Q')).toBeNull();

    fail = false;
    await user.click(pay);
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(peekOrderIntent('ARV-7K2M9Q')).toBe('pay-wallet');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(runApp).toHaveBeenCalledTimes(2);
    expect(peekOrderIntent('ARV-7K2M9Q')).toBe('pay-wallet');
    expect(peekOrderIntent('ARV-0THER1')).toBeNull();
  });

  it('keeps Pay from wallet off when the balance is short and links the top-up; offers a wallet to a client without one', () => {
    start({ wallet: { state: 'ready', balance: 1_000_000 } });
    expect(screen.getByRole('button', { name: 'Pay from wallet' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Top up ₦5,625.00' })).toHaveAttribute(
      'href',
      '/wallet?tab=add-fund&amount=562500',
    );
    start({ wallet: { state: 'none' } });
    expect(screen.queryByRole('button', { name: 'Pay from wallet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create a wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('shows the saved copy offline, with its time, and keeps paying and cancelling off', () => {
    start({ order: { data: orderFixture(), updatedAt: Date.parse('2026-03-05T10:00:00Z'), fromCache: true } });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offlineShowing the copy saved on this device, last updated 05/03/2026 11:00.',
    );
    for (const name of ['Pay', 'Pay from wallet', 'Cancel order'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Order again' })).toBeEnabled();
  });

  it('shows a paid order’s pickup code and QR code, its payment number and receipt', async () => {
    fakeApi({
      'GET order/qr_code/:orderId': {
        status: 200,
        body: { orderNumber: 'ARV-7K2M9Q', token: 'signed.token', pickupCode: '7YPV4Z' },
      },
    });
    start({ order: freshCopy(paid) });
    expect(screen.queryByText(/to confirm this order/)).toBeNull();
    expect(screen.getByText(/^Placed/)).toHaveTextContent('Placed 05/03/2026 · Payment number PAY-4HX9T2KD');
    expect(screen.getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', '/order/ARV-7K2M9Q/receipt');
    expect(screen.getByRole('region', { name: 'Pickup' })).toContainElement(
      screen.getByRole('status', { name: 'Loading the QR code' }),
    );
    expect(await screen.findByTestId('pickup-code')).toHaveTextContent('7YPV4Z');
    expect(screen.getByTestId('pickup-code')).toHaveAttribute('aria-label', 'Pickup code 7 Y P V 4 Z');
    // The QR code's own code comes next (its first import is slow on a busy machine).
    const image = await screen.findByAltText('Pickup QR code for order ARV-7K2M9Q', undefined, { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Pickup' })).toContainElement(image);
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('reads the order again when the page is looked at again: paid elsewhere, the pickup code replaces Pay; the focus stays', async () => {
    fakeApi({
      'GET order/qr_code/:orderId': {
        status: 200,
        body: { orderNumber: 'ARV-7K2M9Q', token: 'signed.token', pickupCode: '7YPV4Z' },
      },
    });
    let order = orderFixture();
    const read = vi.fn(
      async (): Promise<OrderPage> => ({ order: freshCopy(order), wallet: { state: 'none' }, card: null }),
    );
    start({ read, wallet: { state: 'none' } });
    const again = screen.getByRole('button', { name: 'Order again' });
    again.focus();
    order = paid;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByTestId('pickup-code')).toHaveTextContent('7YPV4Z');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.getByTitle('Paid: ready for pickup or delivery')).toHaveTextContent('Paid');
    // The follow-up part changed (a receipt now): its button was drawn again and keeps the focus.
    expect(screen.getByRole('button', { name: 'Order again' })).toHaveFocus();
  });

  it('hands over to the app when a reading finds what only the app draws', async () => {
    const runApp = vi.fn(() => Promise.resolve());
    start({ runApp, read: () => Promise.resolve(null) });
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(runApp).toHaveBeenCalledTimes(1));
    expect(peekOrderIntent('ARV-7K2M9Q')).toBeNull();
  });

  it('leaves a home delivery on its way to the app, and reads the order number from the address', () => {
    expect(orderAsksForApp(orderFixture({ deliveryOption: 'HomeDelivery', status: 'Paid' }))).toBe(true);
    expect(orderAsksForApp(orderFixture({ deliveryOption: 'HomeDelivery' }))).toBe(false);
    expect(orderAsksForApp(paid)).toBe(false);
    expect(orderNumberIn('/order/ARV-7K2M9Q')).toBe('ARV-7K2M9Q');
    expect(orderNumberIn('/order/ARV%207K2')).toBe('ARV 7K2');
    expect(orderNumberIn('/order/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
