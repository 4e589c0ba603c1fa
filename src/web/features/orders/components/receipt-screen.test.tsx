import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderFixture } from '../test/fixtures';
import { ReceiptScreen } from './receipt-screen';

vi.mock('qrcode', () => ({ default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));

const render = (centers = twoCenters) =>
  renderWithProviders(
    <ReceiptScreen
      orderNumber="ARV-7K2M9Q"
      orderHref="/order/ARV-7K2M9Q"
      receiptUrl="https://arrive.test/order/ARV-7K2M9Q/receipt"
      centers={centers}
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

  it.each([
    ['PickerUP', lekkiCenter, 'Collect at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00'],
    ['HomeDelivery', ikejaCenter, 'From Arrive Gas Center'],
  ] as const)('names the gas center of a %s order', async (option, center, words) => {
    fakeApi({
      'GET order/:orderNumber': {
        status: 200,
        body: orderFixture({
          status: 'Delivered',
          paidAt: '2026-03-05T09:40:00.000Z',
          paymentType: 'Wallet',
          isDelivered: true,
          deliveryOption: option,
          centerId: center.id,
          centerName: center.name,
        }),
      },
    });
    render();
    const row = (await screen.findByText('Gas center')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell')).toHaveTextContent(words);
  });

  it('an unpaid order has no receipt yet', async () => {
    fakeApi({ 'GET order/:orderNumber': { status: 200, body: orderFixture() } });
    render();
    expect(await screen.findByText('No receipt yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the order' })).toHaveAttribute('href', '/order/ARV-7K2M9Q');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });
});
