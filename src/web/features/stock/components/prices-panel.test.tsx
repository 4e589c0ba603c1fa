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

describe('changing a price', () => {
  it('starts empty beside the price now, and asks again before saving a price far from it', async () => {
    const api = fakeApi({
      'GET product/all': { status: 200, body: [burner] },
      'GET product/price_history/:id': { status: 200, body: [] },
      'PUT product/price/:id': { status: 200, body: { ...burner, price: 1_600_000 } },
    });
    renderWithProviders(<PricesPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the price of Double burner' }));
    const field = await screen.findByLabelText(/^New price/);
    expect(field).toHaveValue('');
    expect(screen.getByText(/^Now ₦15,000\.00\./)).toBeInTheDocument();
    // Typed as if the old figure were still there: 1,500,016 naira is 100 times the price.
    await user.type(field, '1500016');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText(/^₦15,000\.00 → ₦1,500,016\.00/)).toHaveTextContent(
      '₦15,000.00 → ₦1,500,016.00: 100 times the price now. Every order and counter sale from now on is priced at it.',
    );
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // Corrected: no question for a price near today's.
    await user.clear(field);
    await user.type(field, '16000');
    expect(screen.queryByText(/times the price now/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ price: 1_600_000 }]),
    );
  });

  it("saves a price far from today's once asked again", async () => {
    const api = fakeApi({
      'GET product/all': { status: 200, body: [burner] },
      'GET product/price_history/:id': { status: 200, body: [] },
      'PUT product/price/:id': { status: 200, body: { ...burner, price: 500_000 } },
    });
    renderWithProviders(<PricesPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the price of Double burner' }));
    await user.type(await screen.findByLabelText(/^New price/), '5000');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText(/67% less than the price now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, save ₦5,000.00' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ price: 500_000 }]),
    );
  });
});
