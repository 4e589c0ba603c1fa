import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderMoved } from '../../../../domain/schemas/order';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { type MovableOrder, MoveOrderAction } from './move-order-dialog';

afterEach(() => vi.unstubAllGlobals());

const paidAtIkeja: MovableOrder = {
  id: '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
  orderNumber: 'ARV-7K2M9Q',
  status: 'Paid',
  isDelivered: false,
  centerId: ikejaCenter.id,
  centerName: ikejaCenter.name,
};

const moved: OrderMoved = {
  orderId: paidAtIkeja.id,
  orderNumber: paidAtIkeja.orderNumber,
  from: { centerId: ikejaCenter.id, name: ikejaCenter.name },
  to: { centerId: lekkiCenter.id, name: lekkiCenter.name },
  reason: 'Out of 12.5 kg cylinders',
  sms: { sent: true },
};

/** The dialog opened, Arrive Lekki chosen. */
async function openAndChooseLekki() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Move to another center' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move order ARV-7K2M9Q' });
  expect(dialog).toHaveTextContent('Now at Arrive Gas Center.');
  const [choice] = await screen.findAllByLabelText(/^Move it to/);
  if (!choice) throw new Error('no choice of center');
  await user.click(choice);
  // Mantine's dropdown is not drawn in jsdom (no layout): its options are there, hidden. The
  // order's own center is not offered.
  await waitFor(() =>
    expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'Arrive Lekki — Admiralty Way, Lekki Phase 1, Lagos',
    ]),
  );
  fireEvent.click(screen.getByRole('option', { name: /^Arrive Lekki/, hidden: true }));
  return user;
}

describe('Move to another center', () => {
  it('sends the center and the reason, checked first, and says the client was told', async () => {
    const api = fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'POST admin/orders/:id/move': { status: 200, body: moved },
    });
    const onMoved = vi.fn();
    renderWithProviders(<MoveOrderAction order={paidAtIkeja} onMoved={onMoved} />);
    const user = await openAndChooseLekki();
    await user.click(screen.getByRole('button', { name: 'Move order' }));
    expect(await screen.findByText('Write why the order is moved (at least 3 characters)')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Reason/), '  Out of 12.5 kg cylinders ');
    await user.click(screen.getByRole('button', { name: 'Move order' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalledTimes(1));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`admin/orders/${paidAtIkeja.id}/move`);
    expect(post?.body).toEqual({ centerId: lekkiCenter.id, reason: 'Out of 12.5 kg cylinders' });
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByText('Order ARV-7K2M9Q moved to Arrive Lekki')).toBeInTheDocument();
    expect(screen.getByText('The client was sent a text saying where to collect it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the dialog and leaves the order as it was', async () => {
    fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'POST admin/orders/:id/move': refusal(
        409,
        'Conflict',
        'Order ARV-7K2M9Q is already dispatched (its delivery is CarrierPickup): it can no longer be moved.',
        { reason: 'Dispatched' },
      ),
    });
    const onMoved = vi.fn();
    renderWithProviders(<MoveOrderAction order={paidAtIkeja} onMoved={onMoved} />);
    const user = await openAndChooseLekki();
    await user.type(screen.getByLabelText(/^Reason/), 'Closer to the client');
    await user.click(screen.getByRole('button', { name: 'Move order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order was not moved');
    expect(alert).toHaveTextContent('is already dispatched');
    expect(onMoved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered for an order handed over or cancelled', () => {
    fakeApi({});
    const { rerender } = renderWithProviders(
      <MoveOrderAction order={{ ...paidAtIkeja, status: 'Delivered', isDelivered: true }} onMoved={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Move to another center' })).not.toBeInTheDocument();
    rerender(<MoveOrderAction order={{ ...paidAtIkeja, status: 'Cancelled' }} onMoved={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Move to another center' })).not.toBeInTheDocument();
  });
});
