import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesTotals, StaffSalesList } from '../../../../domain/schemas/sales';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SalesScreen } from './sales-screen';

afterEach(() => vi.unstubAllGlobals());

const figures = (cash: number, electronic: number) => ({
  total: cash + electronic,
  orders: 2,
  byPaymentType: { Cash: cash, Electronic: electronic, Wallet: 0 },
  byDay: [],
});
const ikejaSales = { centerId: ikejaCenter.id, centerName: ikejaCenter.name, ...figures(300_000, 200_000) };
const lekkiSales = { centerId: lekkiCenter.id, centerName: lekkiCenter.name, ...figures(400_000, 100_000) };
const company: SalesTotals = {
  fromDate: '2026-11-29',
  toDate: '2026-11-29',
  ...figures(700_000, 300_000),
  orders: 4,
  center: null,
  byCenter: [ikejaSales, lekkiSales],
};
const atLekki: SalesTotals = {
  fromDate: '2026-11-29',
  toDate: '2026-11-29',
  ...figures(400_000, 100_000),
  center: { id: lekkiCenter.id, name: lekkiCenter.name },
  byCenter: [lekkiSales],
};
const noStaff = (center: StaffSalesList['center']): StaffSalesList => ({
  fromDate: '2026-11-29',
  toDate: '2026-11-29',
  center,
  staff: [],
});

describe('the sales screen per gas center', () => {
  it('shows the CEO the company with each center, and one center once chosen, its CSV files following', async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET sales': ({ query }) => {
        asked.push(query.get('center'));
        return { status: 200, body: query.get('center') === lekkiCenter.id ? atLekki : company };
      },
      'GET admin/sales/staff': ({ query }) => ({
        status: 200,
        body: noStaff(query.get('center') === 'all' ? null : { id: lekkiCenter.id, name: lekkiCenter.name }),
      }),
    });
    renderWithProviders(<SalesScreen centers={twoCenters} choosesCenter />);
    const perCenter = await screen.findByRole('table', { name: 'Sales per gas center' });
    const rows = within(perCenter)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual([
      'Arrive Gas Center2₦3,000.00₦2,000.00₦0.00₦5,000.00',
      'Arrive Lekki2₦4,000.00₦1,000.00₦0.00₦5,000.00',
      'All centers4₦7,000.00₦3,000.00₦0.00₦10,000.00',
    ]);
    // The company is asked for without a center (the server's default for a CEO).
    expect(asked).toEqual([null]);
    // A 360 px phone reads the same lines as cards; the table is kept from the sm breakpoint up.
    const cards = screen.getByRole('list', { name: 'Sales per gas center' });
    expect(cards).toHaveClass('mantine-hidden-from-sm');
    expect(screen.getByRole('region', { name: 'Sales per gas center' })).toHaveClass('mantine-visible-from-sm');
    const lekkiCard = within(cards).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(lekkiCard).getByText('Arrive Lekki')).toBeInTheDocument();
    expect(
      within(lekkiCard)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Total', 'Orders', 'Cash', 'Card and transfer', 'Wallet']);
    expect(within(lekkiCard).getAllByRole('definition')[0]).toHaveTextContent('₦5,000.00');
    const [perDayCsv, perStaffCsv] = screen.getAllByRole('link', { name: 'Download CSV' });
    expect(perDayCsv?.getAttribute('href')).toMatch(
      /^\/api\/sales\?fromDate=\d{4}-\d\d-\d\d&toDate=\d{4}-\d\d-\d\d&center=all&format=csv$/,
    );
    expect(perStaffCsv?.getAttribute('href')).toMatch(/^\/api\/admin\/sales\/staff\?.*center=all&format=csv$/);

    const user = userEvent.setup();
    // The input, not the list of choices the label also names.
    const choice = screen.getAllByLabelText(/^Gas center/).find((el) => el instanceof HTMLInputElement);
    if (!choice) throw new Error('no choice of center');
    expect(choice).toHaveValue('All centers');
    await user.click(choice);
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['All centers', 'Arrive Gas Center', 'Arrive Lekki']);
    fireEvent.click(screen.getByRole('option', { name: 'Arrive Lekki', hidden: true }));
    await waitFor(() => expect(asked).toContain(lekkiCenter.id));
    // One center: its figures, no table of centers, and its files.
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Sales per gas center' })).not.toBeInTheDocument());
    expect(screen.getByText('₦5,000.00', { selector: 'p' })).toBeInTheDocument();
    const [lekkiCsv] = screen.getAllByRole('link', { name: 'Download CSV' });
    expect(lekkiCsv?.getAttribute('href')).toContain(`center=${lekkiCenter.id}&format=csv`);
  });

  it('shows anyone else the center of their shift by name, with no choice and no center asked', async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET sales': ({ query }) => {
        asked.push(query.get('center'));
        return { status: 200, body: atLekki };
      },
      'GET admin/sales/staff': { status: 200, body: noStaff({ id: lekkiCenter.id, name: lekkiCenter.name }) },
    });
    renderWithProviders(<SalesScreen centers={twoCenters} />);
    expect(await screen.findByText('Gas center: Arrive Lekki')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Gas center/)).not.toBeInTheDocument();
    expect(asked).toEqual([null]);
    const [csv] = screen.getAllByRole('link', { name: 'Download CSV' });
    expect(csv?.getAttribute('href')).not.toContain('center=');
    expect(csv).toHaveAttribute('download');
  });

  it('shows nothing of centers where the company has one', async () => {
    fakeApi({
      'GET sales': { status: 200, body: { ...company, byCenter: [ikejaSales] } },
      'GET admin/sales/staff': { status: 200, body: noStaff(null) },
    });
    renderWithProviders(<SalesScreen centers={[ikejaCenter]} choosesCenter />);
    expect(await screen.findAllByRole('link', { name: 'Download CSV' })).toHaveLength(2);
    expect(screen.queryByLabelText(/^Gas center/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sales per gas center' })).not.toBeInTheDocument();
  });
});
