import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { paymentView } from '../test/fixtures';
import { PaymentSuccessScreen } from './payment-success-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const route = '/payment/success/:id/:paymentNumber/:purpose';
const entry = { pathname: '/payment/success/ARV-7K2M9Q/PMT-ABCDEFGHJK/OrderPayment' };
const verifyPath = 'GET payment/verify/:paymentNumber';

function renderScreen(purpose = 'OrderPayment') {
  return renderWithProviders(
    <PaymentSuccessScreen
      id={purpose === 'FundWallet' ? undefined : 'ARV-7K2M9Q'}
      paymentNumber="PMT-ABCDEFGHJK"
      purpose={purpose}
    />,
    { route, path: entry },
  );
}

describe('PaymentSuccessScreen', () => {
  it('polls while pending, then shows the success text and Continue to the order', async () => {
    const { calls } = fakeApi({
      [verifyPath]: [
        { status: 200, body: paymentView() },
        { status: 200, body: paymentView({ status: 'success', valueGiven: true, paidAmount: 850000 }) },
      ],
    });
    renderScreen();
    expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment for order number #ARV-7K2M9Q is completed')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'payment/verify/PMT-ABCDEFGHJK')).toHaveLength(2);
    expect(screen.getByText('₦8,500.00 · Payment number PMT-ABCDEFGHJK')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', '/order/ARV-7K2M9Q/receipt');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order/ARV-7K2M9Q');
  });

  it('stops after 4 checks while still pending and shows Payment Error', async () => {
    const { calls } = fakeApi({ [verifyPath]: [{ status: 200, body: paymentView() }] });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong with the payment.')).toBeInTheDocument();
    expect(screen.getByText(/will be processed soon/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'payment/verify/PMT-ABCDEFGHJK')).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 1200));
    expect(calls.filter((c) => c.path === 'payment/verify/PMT-ABCDEFGHJK')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('says the order was cancelled (on another device) when that is why the card payment goes back', async () => {
    const refund = {
      status: 'pending' as const,
      amount: 850000,
      reason: 'Order ARV-7K2M9Q was already Cancelled: this card payment is refunded',
      refundedAt: null,
    };
    fakeApi({ [verifyPath]: [{ status: 200, body: paymentView({ status: 'reversed', paidAmount: 850000, refund }) }] });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeInTheDocument();
    expect(
      screen.getByText(/Your card payment of ₦8,500.00 for this cancelled order is being refunded/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/already paid|duplicate/)).not.toBeInTheDocument();
  });

  it('says the order was already paid and the card payment is being refunded, without polling', async () => {
    const refund = { status: 'pending' as const, amount: 850000, reason: 'Order already paid', refundedAt: null };
    const { calls } = fakeApi({
      [verifyPath]: [{ status: 200, body: paymentView({ status: 'reversed', paidAmount: 850000, refund }) }],
    });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'This order was already paid' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your duplicate card payment of ₦8,500.00 is being refunded to your card. Your bank may take a few days to show it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Error' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('payment/verify'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order/ARV-7K2M9Q');
  });

  it('shows Payment Error at once for a failed payment', async () => {
    const { calls } = fakeApi({ [verifyPath]: [{ status: 200, body: paymentView({ status: 'failed' }) }] });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('payment/verify'))).toHaveLength(1);
  });

  it('does not keep asking about a payment that is not found', async () => {
    const { calls } = fakeApi({
      [verifyPath]: [{ status: 404, body: { message: 'Payment not found', status: 404, type: 'NotFound' } }],
    });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('payment/verify'))).toHaveLength(1);
  });

  it('offers to keep the card; a failing save still continues to the order', async () => {
    const { calls } = fakeApi({
      [verifyPath]: [
        {
          status: 200,
          body: paymentView({
            status: 'success',
            valueGiven: true,
            cardOffer: { bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' },
          }),
        },
      ],
      'PUT payment/save_usable': [{ status: 500, body: { message: 'boom', status: 500, type: 'Unknown' } }],
    });
    renderScreen();
    expect(await screen.findByText('Save this card for faster payments?')).toBeInTheDocument();
    expect(screen.getByText(/4081/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order/ARV-7K2M9Q');
    expect(calls.find((c) => c.path === 'payment/save_usable')?.body).toEqual({ paymentNumber: 'PMT-ABCDEFGHJK' });
  });

  it('says the wallet was funded and continues to the wallet', async () => {
    fakeApi({
      [verifyPath]: [
        {
          status: 200,
          body: paymentView({ purpose: 'FundWallet', orderNumber: null, status: 'success', valueGiven: true }),
        },
      ],
    });
    renderScreen('FundWallet');
    expect(await screen.findByText('Your wallet has been funded successfully')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/wallet');
  });
});
