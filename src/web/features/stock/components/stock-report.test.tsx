import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductStock, StockReport } from '../../../../domain/schemas/stock-report';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { StockReportCard } from './stock-report';

afterEach(() => vi.unstubAllGlobals());

const lekkiCylinders = {
  centerId: lekkiCenter.id,
  centerName: lekkiCenter.name,
  onHand: 95,
  incoming: 8,
  outgoing: 0,
  total: 103,
};
const cylinders: ProductStock = {
  productId: 'p-cyl',
  productName: '12.5 kg gas cylinder',
  productType: 'Cylinder',
  unit: 'item',
  onHand: 482,
  inTransit: 8,
  total: 490,
  byCenter: [
    { centerId: ikejaCenter.id, centerName: ikejaCenter.name, onHand: 387, incoming: 0, outgoing: 8, total: 387 },
    lekkiCylinders,
  ],
};
const burners: ProductStock = {
  productId: 'p-burner',
  productName: 'Burner',
  productType: 'Burner',
  unit: 'item',
  onHand: 5,
  inTransit: 2,
  total: 7,
  byCenter: [
    { centerId: ikejaCenter.id, centerName: ikejaCenter.name, onHand: null, incoming: 2, outgoing: 0, total: 2 },
    { centerId: lekkiCenter.id, centerName: lekkiCenter.name, onHand: 5, incoming: 0, outgoing: 2, total: 5 },
  ],
};
const company: StockReport = { asOf: '2026-11-29T09:30:00.000Z', center: null, products: [cylinders, burners] };
const atLekki: StockReport = {
  asOf: '2026-11-29T09:30:00.000Z',
  center: { id: lekkiCenter.id, name: lekkiCenter.name },
  products: [{ ...cylinders, onHand: 95, inTransit: 8, total: 103, byCenter: [lekkiCylinders] }],
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the stock report', () => {
  it("shows the CEO each center's stock and the company's total, then one center once chosen, with its CSV file", async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET quota/report': ({ query }) => {
        asked.push(query.get('center'));
        return { status: 200, body: query.get('center') === lekkiCenter.id ? atLekki : company };
      },
    });
    renderWithProviders(<StockReportCard centers={twoCenters} choosesCenter />);
    const table = await screen.findByRole('table', { name: 'Stock per product and gas center' });
    expect(rowsOf(table)).toEqual([
      ['12.5 kg gas cylinder', 'Arrive Gas Center', '387 items', '0 items', '8 items', '387 items'],
      ['12.5 kg gas cylinder', 'Arrive Lekki', '95 items', '8 items', '0 items', '103 items'],
      ['12.5 kg gas cylinder', 'All centers', '482 items', '8 items', '8 items', '490 items'],
      ['Burner', 'Arrive Gas Center', 'Not counted', '2 items', '0 items', '2 items'],
      ['Burner', 'Arrive Lekki', '5 items', '0 items', '2 items', '5 items'],
      ['Burner', 'All centers', '5 items', '2 items', '2 items', '7 items'],
    ]);
    expect(asked).toEqual(['all']);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/quota/report?center=all&format=csv',
    );
    // On a phone the same lines are cards, the table kept from the sm breakpoint up.
    const cards = screen.getByRole('list', { name: 'Stock per product and gas center' });
    expect(cards).toHaveClass('mantine-hidden-from-sm');
    expect(screen.getByRole('region', { name: 'Stock per product and gas center' })).toHaveClass(
      'mantine-visible-from-sm',
    );
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('Arrive Gas Center')).toBeInTheDocument();
    expect(
      within(first as HTMLElement)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['387 items', '387 items', '0 items', '8 items']);

    const choice = screen.getAllByLabelText(/^Report for/).find((el) => el instanceof HTMLInputElement);
    if (!choice) throw new Error('no choice of center');
    expect(choice).toHaveValue('All centers');
    await userEvent.setup().click(choice);
    fireEvent.click(await screen.findByRole('option', { name: 'Arrive Lekki', hidden: true }));
    await waitFor(() => expect(asked).toContain(lekkiCenter.id));
    // One center: its lines, no column of centers.
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Stock per product and gas center' }))).toEqual([
        ['12.5 kg gas cylinder', '95 items', '8 items', '0 items', '103 items'],
      ]),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/quota/report?center=${lekkiCenter.id}&format=csv`,
    );
  });

  it('shows anyone else the center of their shift, asking for no center', async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET quota/report': ({ query }) => {
        asked.push(query.get('center'));
        return { status: 200, body: atLekki };
      },
    });
    renderWithProviders(<StockReportCard centers={twoCenters} />);
    expect(await screen.findByRole('table', { name: 'Stock per product and gas center' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Report for/)).not.toBeInTheDocument();
    expect(asked).toEqual([null]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/quota/report?format=csv');
  });
});
