import { onlineManager } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { NewOrderInput } from '../../../../domain/schemas/order';
import type { PaymentView } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';
import { clearLocalData } from '../../../lib/local-db';
import { type FakeRoutes, fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { loadSavedCart } from '../lib/saved-cart';
import { orderFixture, productsFixture, quoteFor } from '../test/fixtures';
import type { CheckoutWallet } from './checkout-panel';
import { ProductsScreen } from './products-screen';

let post: MockInstance<typeof api.post>;

const serve = (more: FakeRoutes = {}) =>
  fakeApi({
    'GET product': { status: 200, body: { products: productsFixture } },
    'GET map/areas': { status: 200, body: { areas: [{ name: 'Yaba', lat: 6.5, lng: 3.37 }] } },
    'GET address/previous_deliver': { status: 200, body: { addresses: [] } },
    'GET cylinder/user': { status: 200, body: { cylinders: [] } },
    'POST order/quote': ({ body }) => ({ status: 200, body: quoteFor(body as NewOrderInput) }),
    'POST order/new': { status: 200, body: orderFixture() },
    ...more,
  });

/** 12.5 kg of gas and a burner: ₦24,125.00 at pickup. */
async function fillCart() {
  fireEvent.click(await screen.findByRole('button', { name: /^Add 12.5 kg refill/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
  await waitFor(() => expect(screen.getAllByText('₦24,125.00').length).toBeGreaterThan(0));
}

/** What send_payment answers: the saved-card payment of the order. */
const paymentView = (over: Partial<PaymentView>): PaymentView => ({
  paymentNumber: 'PMT-ABCDEFGHJK',
  reference: 'ARV_ref',
  purpose: 'OrderPayment',
  gateway: 'Paystack',
  status: 'pending',
  step: 'Initialize',
  amount: 2_412_500,
  paidAmount: null,
  orderNumber: 'ARV-7K2M9Q',
  channel: 'card',
  valueGiven: false,
  cardOffer: null,
  refund: null,
  declineReason: null,
  paidAt: null,
  createdAt: '2026-03-05T09:30:00.000Z',
  ...over,
});

const ready = (balance: number): CheckoutWallet => ({ state: 'ready', balance });

/** The shop with a wallet, the cart filled, the card chosen and Place order pressed. */
async function placeWithCard() {
  const onPlaced = vi.fn();
  renderWithProviders(<ProductsScreen onPlaced={onPlaced} wallet={ready(5_000_000)} />);
  await fillCart();
  fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
  const place = screen.getByRole('button', { name: 'Place order and pay' });
  await waitFor(() => expect(place).toBeEnabled());
  fireEvent.click(place);
  return { onPlaced, place };
}

beforeEach(async () => {
  post = vi.spyOn(api, 'post');
  await clearLocalData();
  serve();
});
afterEach(() => {
  vi.restoreAllMocks();
});

configure({ asyncUtilTimeout: 5000 });
describe('Checkout offline', { timeout: 20_000 }, () => {
  afterEach(() => onlineManager.setOnline(true));

  it('waits for the connection to price the cart, without a loader that never ends', async () => {
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} wallet={ready(5_000_000)} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Add 12.5 kg refill/ }));
    const quotes = () => post.mock.calls.filter(([path]) => path === 'order/quote').length;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const quotedOnline = quotes();
    window.dispatchEvent(new Event('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(await screen.findByText('Placing an order needs a connection')).toBeInTheDocument();
    // Longer than the quote's 400 ms pause: the cart changed, and no price can come.
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByText('Updating prices…')).not.toBeInTheDocument();
    expect(quotes()).toBe(quotedOnline);
    // Back online, the price of the cart as it is now arrives.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    onlineManager.setOnline(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getAllByText('₦24,125.00').length).toBeGreaterThan(0));
    expect(screen.queryByText('Placing an order needs a connection')).not.toBeInTheDocument();
  });
});

describe('Checkout: how to pay', { timeout: 20_000 }, () => {
  it('keeps the wallet off when its balance is short and says how much to top up', async () => {
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} wallet={ready(500_000)} />);
    await fillCart();
    const walletChoice = screen.getByRole('radio', { name: 'Wallet' });
    await waitFor(() => expect(walletChoice).toBeDisabled());
    expect(screen.getByText('Balance ₦5,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up ₦19,125.00' })).toHaveAttribute(
      'href',
      '/wallet?tab=add-fund&amount=1912500',
    );
    expect(screen.getByRole('button', { name: 'Choose how to pay' })).toBeDisabled();
  });

  it('pays from the wallet when it covers the order', async () => {
    serve({ 'POST payment/wallet': { status: 200, body: { ok: true } } });
    const onPlaced = vi.fn();
    renderWithProviders(<ProductsScreen onPlaced={onPlaced} wallet={ready(5_000_000)} />);
    await fillCart();
    expect(screen.getByText('Balance ₦50,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Top up/ })).not.toBeInTheDocument();
    const walletChoice = screen.getByRole('radio', { name: 'Wallet' });
    expect(walletChoice).toBeEnabled();
    fireEvent.click(walletChoice);
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ARV-7K2M9Q' }), {
        method: 'wallet',
        paid: true,
      }),
    );
    const walletCalls = post.mock.calls.filter(([path]) => path === 'payment/wallet');
    expect(walletCalls).toHaveLength(1);
    expect(walletCalls[0]?.[1]).toEqual({ orderNumber: 'ARV-7K2M9Q' });
    expect(walletCalls[0]?.[2]).toEqual({ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('leaves the card path as it was: the order is placed and the card checkout comes next', async () => {
    const { onPlaced } = await placeWithCard();
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ARV-7K2M9Q' }), {
        method: 'card',
      }),
    );
    expect(post.mock.calls.filter(([path]) => path === 'payment/wallet')).toHaveLength(0);
  });

  it('sends the total shown; a price changed since places nothing, says the total now and prices again', async () => {
    let quoteRaised = false;
    let placed = 0;
    serve({
      'POST order/quote': ({ body }) => {
        const quote = quoteFor(body as NewOrderInput);
        return { status: 200, body: quoteRaised ? { ...quote, total: quote.total + 100_000 } : quote };
      },
      'POST order/new': ({ body }) => {
        const { expectedTotal } = body as NewOrderInput;
        if (expectedTotal !== 2_512_500) {
          quoteRaised = true;
          return refusal(
            409,
            'Conflict',
            'The prices changed since you looked: this order now comes to ₦25,125.00. Check it and confirm again.',
            { reason: 'PriceChanged', total: 2_512_500, expectedTotal },
          );
        }
        placed++;
        return { status: 200, body: orderFixture() };
      },
    });
    const { onPlaced, place } = await placeWithCard();
    expect(await screen.findByText(/The prices changed since you looked/)).toBeInTheDocument();
    expect(onPlaced).not.toHaveBeenCalled();
    const sent = post.mock.calls.filter(([path]) => path === 'order/new');
    expect((sent[0]?.[1] as NewOrderInput | undefined)?.expectedTotal).toBe(2_412_500);
    // The quote was read again: the new total is shown, and confirming it places the order.
    await waitFor(() => expect(screen.getAllByText('₦25,125.00').length).toBeGreaterThan(0));
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(placed).toBe(1);
  });

  it('offers only the card, and a way to create a wallet, to a client without one', async () => {
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} wallet={{ state: 'none' }} />);
    await fillCart();
    expect(screen.queryByRole('radio', { name: 'Wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create a wallet' })).toHaveAttribute('href', '/wallet');
  });
});

describe('Checkout: the cart is kept on the device', { timeout: 20_000 }, () => {
  it('restores the cart, delivery choice and address after a reload, and forgets them once placed', async () => {
    const first = renderWithProviders(<ProductsScreen onPlaced={vi.fn()} clientId="client-1" />);
    await fillCart();
    fireEvent.click(screen.getByRole('radio', { name: 'Home delivery' }));
    fireEvent.change(await screen.findByLabelText(/Street address/), { target: { value: '12 Herbert Macaulay Way' } });
    await waitFor(async () => {
      const saved = await loadSavedCart('client-1');
      expect(saved?.cart).toHaveLength(2);
      expect(saved?.checkout.address.line1).toBe('12 Herbert Macaulay Way');
    });
    first.unmount();

    // A reload: a fresh screen (and a fresh query cache) reads the cart back from the device.
    const onPlaced = vi.fn();
    const second = renderWithProviders(<ProductsScreen onPlaced={onPlaced} clientId="client-1" />);
    expect(await screen.findByLabelText('2 items in cart')).toBeInTheDocument();
    expect(await screen.findByText('Gas refill: 12.5 kg in a 12.5 kg cylinder')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Home delivery' })).toBeChecked();
    expect(await screen.findByLabelText(/Street address/)).toHaveValue('12 Herbert Macaulay Way');
    // Another client on this device does not see it.
    expect(await loadSavedCart('client-2')).toBeUndefined();

    fireEvent.click(screen.getByRole('radio', { name: 'Pickup at the gas center' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    await waitFor(async () => expect(await loadSavedCart('client-1')).toBeUndefined());
    second.unmount();

    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} clientId="client-1" />);
    expect(await screen.findByLabelText('0 items in cart')).toBeInTheDocument();
    expect(screen.queryByText('Gas refill: 12.5 kg in a 12.5 kg cylinder')).not.toBeInTheDocument();
  });

  it("pays with the saved card in one tap; a decline shows the bank's reason and Try again charges anew", async () => {
    let charges = 0;
    serve({
      'POST payment/paystack/send_payment': () => {
        charges += 1;
        return charges === 1
          ? {
              status: 200,
              body: paymentView({ status: 'failed', declineReason: 'Insufficient Funds', valueGiven: false }),
            }
          : { status: 200, body: paymentView({ status: 'success', paymentNumber: 'PMT-PAIDSAVED1' }) };
      },
    });
    const onPlaced = vi.fn();
    const card = { bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' };
    renderWithProviders(<ProductsScreen onPlaced={onPlaced} wallet={ready(0)} savedCard={card} />);
    await fillCart();
    expect(screen.getByRole('radio', { name: 'Another card' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Saved card ending 4081' }));
    const pay = screen.getByRole('button', { name: 'Pay with card ending 4081' });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);

    const dialog = await screen.findByRole('dialog', { name: 'Payment error' });
    expect(dialog).toHaveTextContent('Your card was declined: Insufficient Funds');
    expect(dialog).toHaveTextContent('does not have enough money');
    expect(onPlaced).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ARV-7K2M9Q' }), {
        method: 'savedCard',
        paid: true,
        paymentNumber: 'PMT-PAIDSAVED1',
      }),
    );
    const sends = post.mock.calls.filter(([path]) => path === 'payment/paystack/send_payment');
    expect(sends).toHaveLength(2);
    expect(sends[0]?.[1]).toEqual({ orderNumber: 'ARV-7K2M9Q' });
    // A new attempt is a new charge: its own Idempotency-Key. The order was placed once.
    const keys = sends.map((c) => (c[2] as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(post.mock.calls.filter(([path]) => path === 'order/new')).toHaveLength(1);
  });
});
