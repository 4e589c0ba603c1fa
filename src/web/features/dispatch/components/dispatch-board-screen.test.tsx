import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '../../../../domain/schemas/delivery';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { dispatchDelivery } from '../test/fixtures';
import { DispatchBoardScreen } from './dispatch-board-screen';

const delivery = dispatchDelivery;

afterEach(() => vi.unstubAllGlobals());

describe('cancelling a delivery on the board', () => {
  it('asks first, saying a paid order is cancelled and refunded; keeping it sends nothing', async () => {
    const api = fakeApi({
      'GET delivery/board': { status: 200, body: { deliveries: [delivery()], riders: [] } },
      'PUT delivery/status/:id': { status: 200, body: { ...delivery(), status: 'Cancelled' } as Delivery },
    });
    renderWithProviders(<DispatchBoardScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel delivery' }));
    expect(await screen.findByText(/it will be cancelled too/)).toHaveTextContent('₦66,775.00 refunded to the client');
    await user.click(screen.getByRole('button', { name: 'Keep the delivery' }));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['delivery/status/d1', { status: 'Cancelled', at: expect.any(String) }],
      ]),
    );
    // The board shows no queue: its moves are never kept offline by the worker.
    expect(api.calls.find((c) => c.method === 'PUT')?.headers.has('x-queue-offline')).toBe(false);
    // The card leaves the open lanes: a toast says what was done.
    expect(await screen.findByText(`Order ${delivery().orderNumber} cancelled`)).toBeInTheDocument();
    expect(screen.getByText(/₦66,775.00 is refunded to the client the way they paid/)).toBeInTheDocument();
  });
});

describe('a step whose text to the client was held back', () => {
  it('is done, and the board says the text was not sent and why', async () => {
    const message =
      'The text to the customer was not sent: you have sent 60 texts this hour, the most one staff member may. Texts can go out again in 12 min.';
    fakeApi({
      'GET delivery/board': { status: 200, body: { deliveries: [delivery()], riders: [] } },
      'PUT delivery/status/:id': {
        status: 200,
        body: {
          ...delivery(),
          status: 'Cancelled',
          sms: {
            sent: false,
            reason: 'SmsBudgetReached',
            budget: 'staff',
            retryAfter: new Date().toISOString(),
            message,
          },
        } as Delivery,
      },
    });
    renderWithProviders(<DispatchBoardScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Text to the client not sent')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});
