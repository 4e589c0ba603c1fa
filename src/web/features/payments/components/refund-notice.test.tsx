import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { paymentView } from '../test/fixtures';
import { RefundNotice } from './refund-notice';

afterEach(() => {
  vi.unstubAllGlobals();
});

const path = 'GET payment/order/:orderNumber';
const renderNotice = () =>
  renderWithProviders(
    <>
      <RefundNotice orderNumber="ARV-7K2M9Q" />
      <p>order page</p>
    </>,
    { route: '/order/:orderNumber', path: { pathname: '/order/ARV-7K2M9Q' } },
  );

describe('RefundNotice', () => {
  it('says the duplicate card payment was refunded', async () => {
    fakeApi({
      [path]: [
        {
          status: 200,
          body: [
            paymentView({
              status: 'reversed',
              paidAmount: 850000,
              refund: { status: 'processed', amount: 850000, reason: null, refundedAt: '2026-11-22T10:05:00.000Z' },
            }),
            paymentView({ paymentNumber: 'PMT-OTHER', status: 'abandoned' }),
          ],
        },
      ],
    });
    renderNotice();
    expect(
      await screen.findByText('Your duplicate card payment of ₦8,500.00 was refunded to your card.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Duplicate payment refunded')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says a payment for an order cancelled since is refunded, not a duplicate', async () => {
    fakeApi({
      [path]: [
        {
          status: 200,
          body: [
            paymentView({
              status: 'success',
              paidAmount: 850000,
              refund: {
                status: 'pending',
                amount: 850000,
                reason: 'Order ARV-7K2M9Q was cancelled: its delivery was called off',
                refundedAt: null,
              },
            }),
          ],
        },
      ],
    });
    renderNotice();
    expect(
      await screen.findByText(
        'Your card payment of ₦8,500.00 for this cancelled order is being refunded to your card. Your bank may take a few days to show it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment being refunded')).toBeInTheDocument();
    expect(screen.queryByText(/duplicate/i)).not.toBeInTheDocument();
  });

  it('asks the client to wait for staff when the automatic refund failed', async () => {
    fakeApi({
      [path]: [
        {
          status: 200,
          body: [
            paymentView({
              status: 'reversed',
              refund: { status: 'failed', amount: 850000, reason: null, refundedAt: null },
            }),
          ],
        },
      ],
    });
    renderNotice();
    expect(
      await screen.findByText(/could not be refunded automatically\. Our team will refund it/),
    ).toBeInTheDocument();
    expect(screen.getByText(/PMT-ABCDEFGHJK/)).toBeInTheDocument();
  });

  it('shows nothing for an order without refunded payments', async () => {
    const { calls } = fakeApi({
      [path]: [{ status: 200, body: [paymentView({ status: 'success', valueGiven: true })] }],
    });
    renderNotice();
    expect(await screen.findByText('order page')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
