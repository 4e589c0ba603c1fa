import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SANDBOX_CHECKOUT_SOURCE } from '../lib/checkout-callbacks';
import { sandboxAppData } from '../test/fixtures';
import { PaymentScreen } from './payment-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const route = '/payment/:provider/:ref/:accessCode/:id/:purpose';

function renderScreen(props: { purpose?: string; id?: string; paymentNumber?: string } = {}) {
  const purpose = props.purpose ?? 'OrderPayment';
  const id = props.id ?? 'ARV-7K2M9Q';
  fakeApi({ 'GET app/data': [{ status: 200, body: sandboxAppData }] });
  return renderWithProviders(
    <PaymentScreen
      reference="ARV_0011"
      accessCode="abc123"
      id={id}
      purpose={purpose}
      {...(props.paymentNumber ? { paymentNumber: props.paymentNumber } : {})}
    />,
    { route, path: { pathname: `/payment/paystack/ARV_0011/abc123/${id}/${purpose}` } },
  );
}

/** What the emulator's checkout page posts to its opener. */
function checkoutSays(type: 'loaded' | 'success' | 'cancel' | 'error', accessCode = 'abc123') {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { source: SANDBOX_CHECKOUT_SOURCE, type, accessCode, reference: 'ARV_0011' },
      }),
    );
  });
}

describe('PaymentScreen (sandbox)', () => {
  it('opens the emulator checkout for the access code in an overlay', async () => {
    renderScreen();
    // The first test loads the checkout's code: on a busy machine that takes more than a second.
    const frame = await screen.findByTitle('Paystack checkout');
    expect(frame.getAttribute('src')).toBe('/sandbox/checkout/abc123');
    // The overlay's name comes from its title, drawn with the modal's transition: it may follow the frame.
    expect(await screen.findByRole('dialog', { name: 'Paystack checkout (sandbox)' })).toBeInTheDocument();
  });

  it('on cancel asks; Continue to Pay reopens, Close payment goes to the order', async () => {
    renderScreen();
    await screen.findByTitle('Paystack checkout');
    checkoutSays('cancel');
    expect(await screen.findByRole('dialog', { name: 'Canceling your payment?' })).toBeInTheDocument();
    expect(screen.queryByTitle('Paystack checkout')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Pay' }));
    expect(await screen.findByTitle('Paystack checkout')).toBeInTheDocument();
    checkoutSays('cancel');
    fireEvent.click(await screen.findByRole('button', { name: 'Close payment' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order/ARV-7K2M9Q');
  });

  it('Close payment goes to the wallet when funding it', async () => {
    renderScreen({ purpose: 'FundWallet', id: 'PMT-WALLET0001' });
    await screen.findByTitle('Paystack checkout');
    checkoutSays('cancel');
    fireEvent.click(await screen.findByRole('button', { name: 'Close payment' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/wallet');
  });

  it('on error shows the Payment error dialog with Try again', async () => {
    renderScreen();
    await screen.findByTitle('Paystack checkout');
    checkoutSays('error');
    const dialog = await screen.findByRole('dialog', { name: 'Payment error' });
    expect(dialog).toHaveTextContent('Something went wrong with the payment page !');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Paystack checkout')).toBeInTheDocument();
  });

  it('ignores messages for another checkout or from another origin', async () => {
    renderScreen();
    await screen.findByTitle('Paystack checkout');
    checkoutSays('cancel', 'someone-else');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { source: SANDBOX_CHECKOUT_SOURCE, type: 'success', accessCode: 'abc123' },
        }),
      );
    });
    expect(screen.queryByText('Payment success')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Canceling your payment?' })).not.toBeInTheDocument();
  });

  it('on success says so and after 2 seconds opens the success route', async () => {
    renderScreen({ paymentNumber: 'PMT-ABCDEFGHJK' });
    await screen.findByTitle('Paystack checkout');
    checkoutSays('success');
    expect(await screen.findByText('Payment success')).toBeInTheDocument();
    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/payment/success/ARV-7K2M9Q/PMT-ABCDEFGHJK/OrderPayment');
  });

  it('offline, says paying needs a connection instead of opening the checkout', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderScreen();
      expect(await screen.findByText(/Paying needs an internet connection/)).toBeInTheDocument();
      expect(screen.queryByTitle('Paystack checkout')).not.toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
