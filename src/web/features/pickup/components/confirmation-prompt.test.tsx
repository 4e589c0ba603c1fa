import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PickupRequest } from '../../../../domain/realtime-events';
import { renderWithProviders } from '../../../test/render';
import { ConfirmationPrompt } from './confirmation-prompt';

const request: PickupRequest = {
  pickupId: '22222222-2222-4222-8222-222222222222',
  orderId: '11111111-1111-4111-8111-111111111111',
  orderNumber: 'ARV-ABC123',
  status: 'Pending',
  requestedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 90_000).toISOString(),
  total: 850_000,
  items: [{ name: 'Single burner', quantity: 1, sizeKg: null }],
  deliveryOption: 'PickerUP',
  nomineeName: null,
  staffName: 'Ada Okafor',
};

function renderPrompt(overrides: Partial<Parameters<typeof ConfirmationPrompt>[0]> = {}) {
  const onDecide = vi.fn();
  renderWithProviders(
    <ConfirmationPrompt
      request={request}
      secondsLeft={null}
      sending={false}
      error={null}
      connected
      more={0}
      onDecide={onDecide}
      {...overrides}
    />,
  );
  return { onDecide };
}

describe('ConfirmationPrompt', () => {
  it('names the order, the amount and the counter, and approves', async () => {
    const { onDecide } = renderPrompt();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your pickup' });
    expect(dialog).toHaveTextContent('ARV-ABC123');
    expect(dialog).toHaveTextContent('Ada Okafor');
    expect(dialog).toHaveTextContent('₦8,500.00');
    await userEvent.click(screen.getByRole('button', { name: 'Approve pickup' }));
    expect(onDecide).toHaveBeenCalledWith({ action: 'Approve' });
  });

  it('refuses with a dispute when it is not the client', async () => {
    const { onDecide } = renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Not me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refuse pickup' }));
    expect(onDecide).toHaveBeenCalledWith({ action: 'Rejected', dispute: 'SomeOneElseClaim' });
  });

  it('refuses without a dispute for another reason', async () => {
    const { onDecide } = renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Not me' }));
    await userEvent.click(screen.getByRole('radio', { name: /Another reason/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Refuse pickup' }));
    expect(onDecide).toHaveBeenCalledWith({ action: 'Rejected' });
  });

  it('says when the phone is offline and shows a failed answer', async () => {
    renderPrompt({ connected: false, error: 'No connection: your answer was not sent.' });
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No connection: your answer was not sent.');
  });
});
