import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '../../../../domain/schemas/sales';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PricesPanel } from './prices-panel';

const burner: AdminProduct = {
  id: 'b',
  type: 'Burner',
  name: 'Double burner',
  description: 'Two rings',
  price: 1_500_000,
  sizeKg: null,
  imageUrl: null,
  active: true,
  updatedAt: '2026-11-29T08:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('editing a product', () => {
  it('renames it and hides it from the shop, sending only what changed', async () => {
    const api = fakeApi({
      'GET product/all': { status: 200, body: [burner] },
      'PUT product/update/:id': { status: 200, body: { ...burner, name: 'Double burner (steel)', active: false } },
    });
    renderWithProviders(<PricesPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Double burner' }));
    const name = await screen.findByLabelText(/^Name/);
    await user.type(name, ' (steel)');
    await user.click(screen.getByRole('switch', { name: /Shown in the shop/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: 'product/update/b',
      body: { name: 'Double burner (steel)', active: false },
    });
    expect(await screen.findByText('Double burner (steel) saved, and hidden from the shop')).toBeInTheDocument();
  });
});
