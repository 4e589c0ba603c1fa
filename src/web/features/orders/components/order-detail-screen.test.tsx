import { focusManager } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { paymentView } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { clearOrderHandoff, handOverOrder, peekOrderIntent } from '../lib/shop-handoff';
import { orderFixture } from '../test/fixtures';
import { OrderDetailScreen } from './order-detail-screen';

// The real api client runs against the fake API; these watch what the screen asks of it.
let get: MockInstance<typeof api.get>;
let post: MockInstance<typeof api.post>;

beforeEach(async () => {
  get = vi.spyOn(api, 'get');
  post = vi.spyOn(api, 'post');
  await localDb.orders.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const order = (body = orderFixture()) => ({ status: 200 as const, body });

const renderDetail = (onPay = vi.fn()) => {
  renderWithProviders(<OrderDetailScreen orderNumber="ARV-7K2M9Q" onPay={onPay} historyHref="/order/history" />);
  return onPay;
};

/** The order route's reading of the wallet, finishing when the test says so. */
function Harness() {
  const [read, setRead] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setRead(true)}>
        wallet read
      </button>
      <OrderDetailScreen
        orderNumber="ARV-7K2M9Q"
        onPay={vi.fn()}
        historyHref="/order/history"
        wallet={read ? { state: 'none' } : { state: 'loading' }}
        paymentChoicesPending={!read}
      />
    </>
  );
}

// Rendering Mantine under jsdom is slow on a busy machine: generous waits, never sleeps.
configure({ asyncUtilTimeout: 5000 });
describe('OrderDetailScreen', { timeout: 20_000 }, () => {
  it('says where a pickup is collected, with the address and hours when the centers were read, and where a delivery comes from', async () => {
    fakeApi({
      'GET order/:orderNumber': order(orderFixture({ centerId: lekkiCenter.id, centerName: lekkiCenter.name })),
    });
    const first = renderWithProviders(
      <OrderDetailScreen orderNumber="ARV-7K2M9Q" onPay={vi.fn()} historyHref="/order/history" centers={twoCenters} />,
    );
    expect(
      await screen.findByText('Collect at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00'),
    ).toBeInTheDocument();
    first.unmount();

    // Without the list (it could not be read), the name the order carries.
    renderDetail();
    expect(await screen.findByText('Collect at Arrive Lekki')).toBeInTheDocument();
    cleanup();

    fakeApi({
      'GET order/:orderNumber': order(
        orderFixture({
          deliveryOption: 'HomeDelivery',
          deliveryAddress: { line1: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos' },
          centerId: ikejaCenter.id,
          centerName: ikejaCenter.name,
        }),
      ),
    });
    renderWithProviders(
      <OrderDetailScreen orderNumber="ARV-7K2M9Q" onPay={vi.fn()} historyHref="/order/history" centers={twoCenters} />,
    );
    expect(await screen.findByText('From Arrive Gas Center')).toBeInTheDocument();
  });

  it('shows lines, naira totals, the timeline, and payment actions while Not Paid', async () => {
    fakeApi({ 'GET order/:orderNumber': order() });
    const onPay = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order ARV-7K2M9Q' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('order/ARV-7K2M9Q');
    expect(screen.getByText('Cooking gas (LPG) refill (12.5 kg cylinder)')).toBeInTheDocument();
    expect(screen.getByText('12.5 kg')).toBeInTheDocument();
    expect(screen.getByText('Pay ₦15,625.00 to confirm this order')).toBeInTheDocument();
    expect(screen.getByText(/Placed 05\/03\/2026/)).toBeInTheDocument();
    expect(screen.getByText('05/03/2026 10:30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ARV-7K2M9Q' }));
    expect(screen.queryByAltText(/Pickup QR code/)).not.toBeInTheDocument();
  });

  it('pays from the wallet with one idempotency key and explains an insufficient balance', async () => {
    fakeApi({
      'GET order/:orderNumber': order(),
      'POST payment/wallet': {
        status: 400,
        body: { type: 'InsufficientFund', status: 400, message: 'InsufficientFund' },
      },
    });
    renderDetail();
    const button = await screen.findByRole('button', { name: 'Pay from wallet' });
    fireEvent.click(button);
    expect(await screen.findByText(/Your wallet balance is too low for this order/)).toBeInTheDocument();
    fireEvent.click(button);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const [first, second] = post.mock.calls;
    expect(first?.[0]).toBe('payment/wallet');
    expect(first?.[1]).toEqual({ orderNumber: 'ARV-7K2M9Q' });
    expect(first?.[2]).toEqual({ idempotencyKey: expect.any(String) });
    expect(second?.[2]).toEqual(first?.[2]);
  });

  it('says so when the client has no wallet', async () => {
    fakeApi({
      'GET order/:orderNumber': order(),
      'POST payment/wallet': { status: 404, body: { type: 'WalletNotFound', status: 404, message: 'WalletNotFound' } },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay from wallet' }));
    expect(await screen.findByText(/You don't have a wallet yet/)).toBeInTheDocument();
  });

  it('reads the order again when the page is looked at again: paid on another device, it stops offering Pay', async () => {
    fakeApi({
      'GET order/:orderNumber': [
        order(),
        order(orderFixture({ status: 'Paid', paymentStatus: 'success', canCancel: false, pickupCode: '7YPV4Z' })),
      ],
    });
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument());
    focusManager.setFocused(undefined);
  });

  it('keeps Pay from wallet off when the balance is short and says how much to top up', async () => {
    fakeApi({ 'GET order/:orderNumber': order(orderFixture({ total: 18_087_500 })) });
    renderWithProviders(
      <OrderDetailScreen
        orderNumber="ARV-7K2M9Q"
        onPay={vi.fn()}
        historyHref="/order/history"
        wallet={{ state: 'ready', balance: 500_000 }}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Pay from wallet' })).toBeDisabled();
    expect(screen.getByText('Wallet balance ₦5,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up ₦175,875.00' })).toHaveAttribute(
      'href',
      '/wallet?tab=add-fund&amount=17587500',
    );
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('offers only the card, and a way to create a wallet, to a client without one', async () => {
    fakeApi({ 'GET order/:orderNumber': order() });
    renderWithProviders(
      <OrderDetailScreen
        orderNumber="ARV-7K2M9Q"
        onPay={vi.fn()}
        historyHref="/order/history"
        wallet={{ state: 'none' }}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay from wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('cancels after confirming and shows the new status', async () => {
    const cancelled = orderFixture({
      status: 'Cancelled',
      canCancel: false,
      events: [
        ...orderFixture().events,
        { id: 'e2', kind: 'order', status: 'Cancelled', note: null, at: '2026-03-05T10:00:00.000Z' },
      ],
    });
    fakeApi({ 'GET order/:orderNumber': order(), 'GET order/cancel/:orderId': order(cancelled) });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith(`order/cancel/${cancelled.id}`));
    expect(await screen.findByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows the QR code and the pickup code of a paid order', async () => {
    fakeApi({
      'GET order/qr_code/:orderId': {
        status: 200,
        body: { orderNumber: 'ARV-7K2M9Q', token: 'signed.token', pickupCode: '7YPV4Z' },
      },
      'GET order/:orderNumber': order(
        orderFixture({ status: 'Paid', paymentStatus: 'success', canCancel: false, pickupCode: '7YPV4Z' }),
      ),
    });
    renderDetail();
    const img = await screen.findByAltText('Pickup QR code for order ARV-7K2M9Q');
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('pickup-code')).toHaveTextContent('7YPV4Z');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('answers a foreign or unknown order number with Order not found', async () => {
    fakeApi({
      'GET order/:orderNumber': { status: 404, body: { type: 'NotFound', status: 404, message: 'Order not found' } },
    });
    renderDetail();
    expect(await screen.findByText('There is no order ARV-7K2M9Q on your account.')).toBeInTheDocument();
  });

  it('shows the saved copy offline, with its time, and keeps payment actions off', async () => {
    fakeApi({ 'GET order/:orderNumber': order() });
    const first = renderWithProviders(
      <OrderDetailScreen orderNumber="ARV-7K2M9Q" onPay={vi.fn()} historyHref="/order/history" />,
    );
    await screen.findByRole('heading', { name: 'Order ARV-7K2M9Q' });
    first.unmount();
    fakeApi({}, { otherwise: { offline: true } });
    renderDetail();
    expect(await screen.findByText(/Showing the copy saved on this device, last updated/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('pays with the saved card in one tap; a decline says why; no payment number before it is paid', async () => {
    let charges = 0;
    const payment = (status: 'failed' | 'success') => ({
      paymentNumber: 'PMT-ONETAP0001',
      reference: 'ARV_ref',
      purpose: 'OrderPayment' as const,
      gateway: 'Paystack' as const,
      status,
      step: 'Initialize' as const,
      amount: 1_562_500,
      paidAmount: null,
      orderNumber: 'ARV-7K2M9Q',
      channel: 'card',
      valueGiven: status === 'success',
      cardOffer: null,
      refund: null,
      declineReason: status === 'failed' ? 'Do Not Honor' : null,
      paidAt: null,
      createdAt: '2026-03-05T09:30:00.000Z',
    });
    fakeApi({
      'GET order/:orderNumber': () =>
        order(
          charges < 2
            ? orderFixture()
            : orderFixture({ status: 'Paid', paidAt: '2026-03-05T09:40:00.000Z', paymentNumber: 'PMT-ONETAP0001' }),
        ),
      'POST payment/paystack/send_payment': () => {
        charges += 1;
        return { status: 200, body: payment(charges === 1 ? 'failed' : 'success') };
      },
    });
    renderWithProviders(
      <OrderDetailScreen
        orderNumber="ARV-7K2M9Q"
        onPay={vi.fn()}
        historyHref="/order/history"
        savedCard={{ bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card ending 4081' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment error' });
    expect(dialog).toHaveTextContent('Your card was declined: Do Not Honor');
    expect(screen.queryByText(/Payment number/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PMT-ONETAP0001')).toBeInTheDocument();
    expect(screen.getByText(/Payment number/)).toBeInTheDocument();
    const keys = post.mock.calls
      .filter(([path]) => path === 'payment/paystack/send_payment')
      .map((c) => (c[2] as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('waits for the wallet and the saved card before showing an unpaid order, so its buttons never move', async () => {
    fakeApi({ 'GET order/:orderNumber': order() });
    renderWithProviders(<Harness />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('order/ARV-7K2M9Q'));
    // The order is there; its ways to pay are not known yet: still the loader, no button.
    await act(async () => {
      await get.mock.results[0]?.value;
    });
    expect(screen.getByRole('status', { name: 'Loading the order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'wallet read' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay from wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a wallet' })).toBeInTheDocument();
  });

  describe("presses what the client tapped on the order's first view, once", () => {
    afterEach(clearOrderHandoff);

    it('Pay from wallet: paid once, with one key, the hand-over cleared', async () => {
      fakeApi({
        'GET order/:orderNumber': order(),
        'POST payment/wallet': { status: 200, body: { ok: true } },
      });
      handOverOrder({ orderNumber: 'arv-7k2m9q', intent: 'pay-wallet' });
      renderWithProviders(
        <OrderDetailScreen
          orderNumber="ARV-7K2M9Q"
          onPay={vi.fn()}
          historyHref="/order/history"
          wallet={{ state: 'ready', balance: 2_000_000 }}
        />,
      );
      await waitFor(() => expect(post.mock.calls.filter(([path]) => path === 'payment/wallet')).toHaveLength(1));
      expect(peekOrderIntent('ARV-7K2M9Q')).toBeNull();
      expect(await screen.findByText('Paid from your wallet.')).toBeInTheDocument();
      expect(post.mock.calls.filter(([path]) => path === 'payment/wallet')).toHaveLength(1);
    });

    it('Pay: the checkout is opened for the order; another order’s tap is not pressed', async () => {
      fakeApi({ 'GET order/:orderNumber': order() });
      handOverOrder({ orderNumber: 'ARV-0THER1', intent: 'pay' });
      const other = renderDetail();
      expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
      expect(other).not.toHaveBeenCalled();
      expect(peekOrderIntent('ARV-0THER1')).toBe('pay');
      document.body.innerHTML = '';

      handOverOrder({ orderNumber: 'ARV-7K2M9Q', intent: 'pay' });
      const onPay = renderDetail();
      await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
      expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ARV-7K2M9Q' }));
    });

    it('Cancel order: the confirmation opens; nothing is cancelled before the client says yes', async () => {
      fakeApi({ 'GET order/:orderNumber': order() });
      handOverOrder({ orderNumber: 'ARV-7K2M9Q', intent: 'cancel' });
      renderDetail();
      expect(await screen.findByRole('dialog', { name: 'Cancel this order?' })).toBeInTheDocument();
      expect(post).not.toHaveBeenCalled();
    });

    it('the saved card: charged once, in one tap', async () => {
      fakeApi({
        'GET order/:orderNumber': order(),
        'POST payment/paystack/send_payment': {
          status: 200,
          body: paymentView({
            status: 'success',
            channel: 'card',
            valueGiven: true,
            paidAt: '2026-03-05T09:40:00.000Z',
          }),
        },
      });
      handOverOrder({ orderNumber: 'ARV-7K2M9Q', intent: 'pay-saved-card' });
      renderWithProviders(
        <OrderDetailScreen
          orderNumber="ARV-7K2M9Q"
          onPay={vi.fn()}
          historyHref="/order/history"
          savedCard={{ bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' }}
        />,
      );
      const charges = () => post.mock.calls.filter(([path]) => path === 'payment/paystack/send_payment');
      await waitFor(() => expect(charges()).toHaveLength(1));
      expect(peekOrderIntent('ARV-7K2M9Q')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(charges()).toHaveLength(1);
    });
  });
});
