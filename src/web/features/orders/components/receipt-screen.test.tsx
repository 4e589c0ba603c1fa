import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderFixture } from '../test/fixtures';
import { ReceiptScreen } from './receipt-screen';

vi.mock('qrcode', () => ({ default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));

const render = () =>
  renderWithProviders(
    <ReceiptScreen
      orderNumber="ARV-7K2M9Q"
      orderHref="/order/ARV-7K2M9Q"
      receiptUrl="https://arrive.test/order/ARV-7K2M9Q/receipt"
    />,
  );

configure({ asyncUtilTimeout: 5000 });
describe('ReceiptScreen', { timeout: 20_000 }, () => {
  it('shows what was paid, when, how and the payment number, with Print and Share', async () => {
    fakeApi({
      'GET order/:orderNumber': {
        status: 200,
        body: orderFixture({
          status: 'Delivered',
          paymentType: 'Electronic',
          paymentNumber: 'PMT-ABCDEFGHJK',
          paidAt: '2026-03-05T09:40:00.000Z',
          isDelivered: true,
        }),
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-payment-number')).toHaveTextContent('PMT-ABCDEFGHJK');
    // 09:40 UTC is 10:40 in Lagos.
    expect(screen.getByText('05/03/2026 10:40')).toBeInTheDocument();
    expect(screen.getByText('Card')).toBeInTheDocument();
    expect(screen.getByText('Total paid')).toBeInTheDocument();
    // Collected: the QR is the receipt's own link.
    expect(await screen.findByRole('img', { name: "QR code of this receipt's link" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it.each([
    ['PickerUP', 'Show this code at the counter.'],
    ['HomeDelivery', 'Show this code to the rider.'],
  ] as const)('awaiting a %s hand-over, shows the pickup code to read out and says to whom', async (option, words) => {
    fakeApi({
      'GET order/:orderNumber': {
        status: 200,
        body: orderFixture({
          status: 'Paid',
          paidAt: '2026-03-05T09:40:00.000Z',
          paymentType: 'Wallet',
          isDelivered: false,
          deliveryOption: option,
          pickupCode: 'K7M2Q9',
        }),
      },
      'GET order/qr_code/:orderId': {
        status: 200,
        body: { orderNumber: 'ARV-7K2M9Q', token: 'signed', pickupCode: 'K7M2Q9' },
      },
    });
    render();
    expect(await screen.findByLabelText('Pickup code K 7 M 2 Q 9')).toHaveTextContent('K7M2Q9');
    expect(screen.getByText(words)).toBeInTheDocument();
  });

  it('an unpaid order has no receipt yet', async () => {
    fakeApi({ 'GET order/:orderNumber': { status: 200, body: orderFixture() } });
    render();
    expect(await screen.findByText('No receipt yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the order' })).toHaveAttribute('href', '/order/ARV-7K2M9Q');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });
});
