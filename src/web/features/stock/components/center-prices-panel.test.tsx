import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct, CenterPrice } from '../../../../domain/schemas/sales';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { type FakeRequest, fakeApi } from '../../../test/fake-api';
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
const gas: AdminProduct = { ...burner, id: 'g', type: 'Gas', name: 'Cooking gas (LPG) refill', price: 125_000 };

afterEach(() => vi.unstubAllGlobals());

/** The Prices tab as a CEO or a Manager sees it, the centers' own prices as `prices` (kept as the server would). */
function withCenterPrices(prices: CenterPrice[]) {
  return fakeApi({
    'GET product/all': { status: 200, body: [gas, burner] },
    'GET centers': { status: 200, body: { centers: twoCenters } },
    'GET shift/active': { status: 200, body: { shift: null } },
    'GET product/center_prices': () => ({ status: 200, body: { prices: [...prices] } }),
    'PUT product/center_price/:id': ({ params, body }: FakeRequest) => {
      const { centerId, price } = body as { centerId: string; price: number | null };
      const at = prices.findIndex((p) => p.centerId === centerId && p.productId === params.id);
      if (at >= 0) prices.splice(at, 1);
      if (price !== null) prices.push({ centerId, productId: params.id ?? '', price });
      return { status: 200, body: { centerId, productId: params.id ?? '', price } };
    },
  });
}

describe("a gas center's own prices", () => {
  it('shows the company price beside the center’s, and sets one at the center chosen', async () => {
    const api = withCenterPrices([{ centerId: ikejaCenter.id, productId: 'g', price: 120_000 }]);
    renderWithProviders(<PricesPanel canChooseCenter />);
    const user = userEvent.setup();
    const setBurner = await screen.findByRole('button', {
      name: `Set the price of Double burner at ${ikejaCenter.name}`,
    });
    const gasRow = (await screen.findAllByText('Cooking gas (LPG) refill')).at(-1)?.closest('tr');
    expect(gasRow).toHaveTextContent('₦1,250.00 /kg');
    await waitFor(() => expect(gasRow).toHaveTextContent('₦1,200.00 /kg'));
    expect(setBurner.closest('tr')).toHaveTextContent('Company price');

    // Mantine's dropdown is not drawn in jsdom (no layout): its options are there, hidden.
    fireEvent.click(screen.getByRole('combobox', { name: 'Prices at' }));
    fireEvent.click(await screen.findByRole('option', { name: lekkiCenter.name, hidden: true }));
    await user.click(
      await screen.findByRole('button', { name: `Set the price of Double burner at ${lekkiCenter.name}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Price of Double burner at ${lekkiCenter.name}` });
    expect(dialog).toHaveTextContent('Company price: ₦15,000.00');
    expect(within(dialog).queryByRole('button', { name: 'Use the company price' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Price at Arrive Lekki/), '16,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: 'product/center_price/b',
      body: { centerId: lekkiCenter.id, price: 1_600_000 },
    });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: `Set the price of Double burner at ${lekkiCenter.name}` }).closest('tr'),
      ).toHaveTextContent('₦16,000.00'),
    );
  });

  it('removes a center’s price: the company price applies there again', async () => {
    const api = withCenterPrices([{ centerId: ikejaCenter.id, productId: 'b', price: 1_400_000 }]);
    renderWithProviders(<PricesPanel canChooseCenter />);
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: `Set the price of Double burner at ${ikejaCenter.name}` });
    await waitFor(() => expect(open.closest('tr')).toHaveTextContent('₦14,000.00'));
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Use the company price' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ centerId: ikejaCenter.id, price: null });
  });

  it('is not offered without the choice of center, nor with one center', async () => {
    fakeApi({
      'GET product/all': { status: 200, body: [burner] },
      'GET centers': { status: 200, body: { centers: [ikejaCenter] } },
      'GET shift/active': { status: 200, body: { shift: null } },
      'GET product/center_prices': { status: 200, body: { prices: [] } },
    });
    const { unmount } = renderWithProviders(<PricesPanel />);
    await screen.findByRole('button', { name: 'Change the price of Double burner' });
    expect(screen.queryByText('Prices at a gas center')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PricesPanel canChooseCenter />);
    await screen.findByRole('button', { name: 'Change the price of Double burner' });
    expect(screen.queryByText('Prices at a gas center')).not.toBeInTheDocument();
  });
});
