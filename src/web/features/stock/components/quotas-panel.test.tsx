import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quota } from '../../../../domain/schemas/quota';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { QuotasPanel } from './quotas-panel';

const cylinder = (overrides: Partial<Quota> = {}): Quota => ({
  id: 'q1',
  productId: 'p5',
  centerId: '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
  productName: '5 kg gas cylinder',
  productType: 'Cylinder',
  stock: 497,
  dailyLimit: 10,
  usedToday: 0,
  available: 10,
  supplierId: null,
  note: null,
  updatedAt: '2026-11-29T08:00:00.000Z',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit the quota of 5 kg gas cylinder' }));
  return user;
}

describe('the quota dialog', () => {
  it('reads "1,000" as a thousand and sends only what changed: the stock sold meanwhile stays', async () => {
    const api = fakeApi({
      'GET quota': { status: 200, body: { quotas: [cylinder()] } },
      'PUT quota/:productId': { status: 200, body: cylinder({ stock: 494, dailyLimit: 1000 }) },
    });
    renderWithProviders(<QuotasPanel />);
    const user = await openDialog();
    const limit = screen.getByLabelText('Daily limit (items)');
    await user.clear(limit);
    await user.type(limit, '1,000');
    expect(limit).toHaveValue('1,000');
    await user.click(screen.getByRole('button', { name: 'Save quota' }));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ dailyLimit: 1000 });
  });

  it('sends a changed stock with the stock it was typed over, and shows the figure it is now when refused', async () => {
    const api = fakeApi({
      'GET quota': { status: 200, body: { quotas: [cylinder()] } },
      'PUT quota/:productId': {
        status: 409,
        body: {
          status: 409,
          type: 'Conflict',
          message:
            'The stock changed to 494 while you were editing (sales or another editor). Check it and save again.',
          additionalInfo: { stock: 494 },
        },
      },
    });
    renderWithProviders(<QuotasPanel />);
    const user = await openDialog();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const stock = screen.getByLabelText('Stock on hand (items)');
    await user.clear(stock);
    await user.type(stock, '1,200');
    await user.click(screen.getByRole('button', { name: 'Save quota' }));
    expect(await screen.findByText(/The stock changed to 494 while you were editing/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ stock: 1200, stockWas: 497 });
    expect(screen.getByText(/Now 494 items/)).toBeInTheDocument();
  });

  it('sets a quota for a product that has none yet', async () => {
    const api = fakeApi({
      'GET quota': { status: 200, body: { quotas: [cylinder()] } },
      'GET product/all': {
        status: 200,
        body: [
          {
            id: 'p5',
            type: 'Cylinder',
            name: '5 kg gas cylinder',
            description: '',
            price: 2_600_000,
            sizeKg: 5,
            imageUrl: null,
            active: true,
            updatedAt: '2026-11-29T08:00:00.000Z',
          },
          {
            id: 'gas',
            type: 'Gas',
            name: 'Cooking gas (LPG) refill',
            description: '',
            price: 125_000,
            sizeKg: null,
            imageUrl: null,
            active: true,
            updatedAt: '2026-11-29T08:00:00.000Z',
          },
        ],
      },
      'PUT quota/:productId': { status: 200, body: cylinder({ productId: 'gas', productType: 'Gas' }) },
    });
    renderWithProviders(<QuotasPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'A product without a quota' }));
    await user.click(await screen.findByRole('option', { name: 'Cooking gas (LPG) refill', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Set its quota' }));
    await user.type(await screen.findByLabelText('Daily limit (kg)'), '2,500');
    await user.click(screen.getByRole('button', { name: 'Save quota' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('quota/gas'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ dailyLimit: 2500 });
  });
});
