import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '../../../../domain/schemas/delivery';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { dispatchDelivery } from '../test/fixtures';
import { RiderScreen } from './rider-screen';

const onTheRoad = dispatchDelivery({ status: 'InTransit' });

afterEach(() => vi.unstubAllGlobals());

describe("the rider's delivery code", () => {
  it('sends the code as corrected after an answer that never came, not the one typed first', async () => {
    let puts = 0;
    const api = fakeApi({
      'GET delivery/mine': { status: 200, body: { deliveries: [onTheRoad] } },
      'PUT delivery/status/:id': () => {
        puts++;
        // The first tap's answer is lost on a bad network.
        if (puts === 1) return { offline: true };
        return { status: 200, body: { ...onTheRoad, status: 'Delivered' } as Delivery };
      },
    });
    renderWithProviders(<RiderScreen />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText("Client's delivery code");
    await user.type(field, 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Not recorded')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '7YPV4Z');
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(puts).toBe(2));
    const sent = api.calls.filter((c) => c.method === 'PUT');
    expect(sent.map((c) => (c.body as { code?: string }).code)).toEqual(['ABC123', '7YPV4Z']);
    expect(sent[1]?.headers.get('idempotency-key')).not.toBe(sent[0]?.headers.get('idempotency-key'));
  });
});
