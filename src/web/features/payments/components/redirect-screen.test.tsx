import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutDetails } from '../../../../domain/schemas/payment';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PaymentRedirectScreen } from './redirect-screen';

const checkout: CheckoutDetails = {
  authorizationUrl: 'http://localhost/sandbox/checkout/abc123',
  orderNumber: 'ARV-7K2M9Q',
  ref: 'ARV_0011',
  accessCode: 'abc123',
  purpose: 'OrderPayment',
  paymentNumber: 'PMT-ABCDEFGHJK',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const location = () => screen.findByTestId('location');

describe('PaymentRedirectScreen', () => {
  it('initiates the order payment and after the wait opens the payment route with the order number', async () => {
    const { calls } = fakeApi({ 'POST payment/initiate/order': [{ status: 200, body: checkout }] });
    const started = Date.now();
    renderWithProviders(<PaymentRedirectScreen />, {
      route: '/payment/redirect',
      path: {
        pathname: '/payment/redirect',
        state: { purpose: 'OrderPayment', orderNumber: 'ARV-7K2M9Q' },
      },
    });
    expect(screen.getByRole('heading', { name: 'Redirecting to Paystack for Payment' })).toBeInTheDocument();
    const where = await location();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(where).toHaveTextContent('/payment/paystack/ARV_0011/abc123/ARV-7K2M9Q/OrderPayment');
    expect(JSON.parse(where.dataset.state ?? 'null')).toEqual({ paymentNumber: 'PMT-ABCDEFGHJK' });
    const initiate = calls.filter((c) => c.path === 'payment/initiate/order');
    expect(initiate).toHaveLength(1);
    expect(initiate[0]?.body).toEqual({ orderNumber: 'ARV-7K2M9Q' });
    expect(initiate[0]?.headers.get('idempotency-key')).toMatch(/.+/);
  });

  it('uses the payment number for a wallet top-up that was already initialized, without calling', async () => {
    const { calls } = fakeApi({});
    renderWithProviders(<PaymentRedirectScreen />, {
      route: '/payment/redirect',
      path: {
        pathname: '/payment/redirect',
        state: { purpose: 'FundWallet', paymentNumber: 'PMT-WALLET0001', ref: 'ARV_w1', accessCode: 'wac1' },
      },
    });
    expect(await location()).toHaveTextContent('/payment/paystack/ARV_w1/wac1/PMT-WALLET0001/FundWallet');
    expect(calls.filter((c) => c.path.startsWith('payment/'))).toHaveLength(0);
  });

  it('says a connection is needed when the call cannot reach the server', async () => {
    fakeApi({}, { otherwise: { offline: true } });
    renderWithProviders(<PaymentRedirectScreen />, {
      route: '/payment/redirect',
      path: {
        pathname: '/payment/redirect',
        state: { purpose: 'OrderPayment', orderNumber: 'ARV-7K2M9Q' },
      },
    });
    expect(await screen.findByText(/Paying needs an internet connection/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('explains an order that cannot be paid any more, and offers the way back', async () => {
    fakeApi({
      'POST payment/initiate/order': [
        { status: 409, body: { message: 'This order is already paid', status: 409, type: 'Conflict' } },
      ],
    });
    renderWithProviders(<PaymentRedirectScreen />, {
      route: '/payment/redirect',
      path: {
        pathname: '/payment/redirect',
        state: { purpose: 'OrderPayment', orderNumber: 'ARV-7K2M9Q' },
      },
    });
    expect(await screen.findByText('This order is already paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to order' })).toHaveAttribute('href', '/order/ARV-7K2M9Q');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('without a payment to make, says so', async () => {
    fakeApi({});
    renderWithProviders(<PaymentRedirectScreen />, {
      route: '/payment/redirect',
      path: { pathname: '/payment/redirect' },
    });
    expect(screen.getByRole('heading', { name: 'Nothing to pay' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('location')).not.toBeInTheDocument());
  });
});
