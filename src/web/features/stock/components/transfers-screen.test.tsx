import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '../../../../domain/schemas/sales';
import type { Shift } from '../../../../domain/schemas/shift';
import type { StockTransfer } from '../../../../domain/schemas/stock-transfer';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { TransfersScreen } from './transfers-screen';

afterEach(() => vi.unstubAllGlobals());

const cylinder: AdminProduct = {
  id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  type: 'Cylinder',
  name: '12.5 kg gas cylinder',
  description: '',
  price: 4_500_000,
  sizeKg: 12.5,
  imageUrl: null,
  active: true,
  updatedAt: '2026-11-29T08:00:00.000Z',
};

const transfer = (overrides: Partial<StockTransfer> = {}): StockTransfer => ({
  id: 't1',
  fromCenterId: ikejaCenter.id,
  fromCenterName: ikejaCenter.name,
  toCenterId: lekkiCenter.id,
  toCenterName: lekkiCenter.name,
  productId: cylinder.id,
  productName: cylinder.name,
  productType: 'Cylinder',
  quantity: 8,
  status: 'InTransit',
  note: 'For the weekend',
  sentBy: 'Ada Okafor',
  sentAt: '2026-11-29T08:00:00.000Z',
  receivedBy: null,
  receivedAt: null,
  cancelledBy: null,
  cancelledAt: null,
  ...overrides,
});

const shiftAt = (centerId: string) =>
  ({ id: 's1', centerId, staffId: 'st1', startedAt: '2026-11-29T07:00:00.000Z' }) as unknown as Shift;

describe('Transfers', () => {
  it("shows a member their shift's center and lets them receive what is coming, once", async () => {
    let listed = [
      transfer(),
      transfer({ id: 't0', status: 'Received', receivedBy: 'Bola', receivedAt: '2026-11-28T10:00:00.000Z' }),
    ];
    const api = fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'GET shift/active': { status: 200, body: { shift: shiftAt(lekkiCenter.id) } },
      'GET product/all': { status: 200, body: [cylinder] },
      'GET centers/transfers': () => ({ status: 200, body: { transfers: listed } }),
      'POST centers/transfers/:id/receive': () => {
        listed = listed.map((t) => (t.id === 't1' ? { ...t, status: 'Received' as const, receivedBy: 'Chidi' } : t));
        return { status: 200, body: transfer({ status: 'Received', receivedBy: 'Chidi' }) };
      },
    });
    renderWithProviders(<TransfersScreen />);
    expect(await screen.findByText('Arrive Lekki')).toBeInTheDocument();
    expect(screen.getByText(/the center of your shift/)).toBeInTheDocument();
    // The list is asked for the shift's center.
    await waitFor(() => expect(api.calls.some((c) => c.path === 'centers/transfers' && c.method === 'GET')).toBe(true));
    const receive = await screen.findByRole('button', {
      name: 'Receive 8 items of 12.5 kg gas cylinder from Arrive Gas Center',
    });
    expect(screen.getByText('For the weekend')).toBeInTheDocument();
    // On a 360 px phone the row is the product with the rest under it, and its button.
    expect(
      screen.getByText(/^8 items, Arrive Gas Center to Arrive Lekki, sent \d\d\/\d\d\/\d{4} \d\d:\d\d by Ada Okafor$/),
    ).toHaveClass('mantine-hidden-from-sm');
    expect(screen.getAllByRole('columnheader', { name: 'Quantity' })[0]).toHaveClass('mantine-visible-from-sm');
    expect(screen.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    await userEvent.setup().click(receive);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('centers/transfers/t1/receive');
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Receive/ })).not.toBeInTheDocument());
    expect(screen.getByText('Nothing is on its way to or from this center.')).toBeInTheDocument();
  });

  it('lets the CEO choose the center, send from it, and cancel at the sender, showing a refusal as worded', async () => {
    const api = fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'GET shift/active': { status: 200, body: { shift: shiftAt(ikejaCenter.id) } },
      'GET product/all': { status: 200, body: [cylinder] },
      'GET centers/transfers': ({ query }) => ({
        status: 200,
        body: { transfers: query.get('center') === ikejaCenter.id ? [transfer()] : [] },
      }),
      'POST centers/transfers': refusal(
        409,
        'Conflict',
        'Arrive Gas Center has only 3 items of 12.5 kg gas cylinder; you are sending 5 items.',
        { reason: 'NotEnoughStock', available: 3 },
      ),
      'POST centers/transfers/:id/cancel': { status: 200, body: transfer({ status: 'Cancelled' }) },
    });
    renderWithProviders(<TransfersScreen canChooseCenter />);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Gas center' });
    await waitFor(() => expect(picker).toHaveValue('Arrive Gas Center'));
    const form = screen.getByRole('form', { name: 'Send stock' });
    // Mantine's dropdown is not drawn in jsdom (no layout): its options are there, hidden.
    const to = within(form).getByRole('combobox', { name: 'To' });
    fireEvent.click(to);
    // The center picker's and the report's options are there too: the To list is the one it controls.
    const toList = await waitFor(() => {
      const list = document.getElementById(to.getAttribute('aria-controls') ?? '');
      if (!list) throw new Error('the To list is not open');
      return list;
    });
    fireEvent.click(within(toList).getByRole('option', { name: 'Arrive Lekki', hidden: true }));
    fireEvent.click(within(form).getByRole('combobox', { name: 'Product' }));
    fireEvent.click(await screen.findByRole('option', { name: '12.5 kg gas cylinder', hidden: true }));
    await user.type(within(form).getByLabelText('Quantity (items)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText(/has only 3 items/)).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === 'centers/transfers');
    expect(sent?.body).toEqual({
      fromCenterId: ikejaCenter.id,
      toCenterId: lekkiCenter.id,
      productId: cylinder.id,
      quantity: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Cancel 8 items of 12.5 kg gas cylinder to Arrive Lekki' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'centers/transfers/t1/cancel')).toBe(true),
    );
  });
});
