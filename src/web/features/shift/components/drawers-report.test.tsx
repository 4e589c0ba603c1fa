import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../domain/format';
import type { Shift } from '../../../../domain/schemas/shift';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DrawersReport } from './drawers-report';

const shift = (over: Partial<Shift>): Shift => ({
  id: 'sh1',
  staffId: 'st1',
  staffName: 'Ada Obi',
  startedAt: '2026-01-01T08:00:00.000Z',
  endedAt: '2026-01-01T16:00:00.000Z',
  workingNow: false,
  openingFloat: 500_000,
  closingCash: 1_400_000,
  sales: { Cash: 1_000_000, Electronic: 0, Wallet: 0, orders: 3 },
  cashSales: 1_000_000,
  cashRefunds: 50_000,
  expectedCash: 1_450_000,
  variance: -50_000,
  ...over,
});

describe('DrawersReport on a phone', () => {
  it('gives each day and each shift a card with every figure of the table, so nothing is read sideways', async () => {
    fakeApi({
      'GET admin/shift': {
        status: 200,
        body: [
          shift({}),
          shift({
            id: 'sh2',
            staffId: 'st2',
            staffName: 'Bola Ade',
            startedAt: '2026-01-01T17:00:00.000Z',
            endedAt: null,
            workingNow: true,
            closingCash: null,
            cashSales: 0,
            cashRefunds: 0,
            expectedCash: 500_000,
            variance: null,
          }),
        ],
      },
    });
    renderWithProviders(<DrawersReport />);
    const byDay = await screen.findByRole('list', { name: 'Drawers by day' });
    const [day] = within(byDay).getAllByRole('listitem');
    for (const text of [
      '2 (1 open)',
      '₦10,000.00',
      '₦10,000.00',
      '₦500.00',
      '₦19,500.00',
      // Beside the open drawer, the counted one's own expected figure: 14,000 − 14,500 = −500.
      '₦14,000.00 of ₦14,500.00 expected in the drawer counted',
      'Short ₦500.00',
    ]) {
      expect(within(day as HTMLElement).getAllByText(text).length).toBeGreaterThan(0);
    }
    const shifts = within(screen.getByRole('list', { name: 'Each shift' })).getAllByRole('listitem');
    expect(shifts.map((card) => within(card).getByText(/Obi|Ade/).textContent)).toEqual(['Ada Obi', 'Bola Ade']);
    expect(within(shifts[0] as HTMLElement).getByText('Short ₦500.00')).toBeTruthy();
    expect(within(shifts[1] as HTMLElement).getByText('Open')).toBeTruthy();
    expect(within(shifts[1] as HTMLElement).getByText('—')).toBeTruthy();
    // The tablet's tables carry the same figures.
    expect(within(screen.getByRole('region', { name: 'Drawers by day' })).getByText('₦19,500.00')).toBeTruthy();
  });

  it('says a shift ended without a count is not counted, never balanced', async () => {
    fakeApi({
      'GET admin/shift': {
        status: 200,
        // Taken off the staff mid-shift: the shift ended, its drawer was never counted.
        body: [shift({ closingCash: null, variance: null, expectedCash: 2_120_000 })],
      },
    });
    renderWithProviders(<DrawersReport />);
    const byDay = await screen.findByRole('list', { name: 'Drawers by day' });
    const [day] = within(byDay).getAllByRole('listitem');
    expect(within(day as HTMLElement).getByText('1 not counted')).toBeTruthy();
    expect(within(day as HTMLElement).queryByText('Balanced')).toBeNull();
    const [card] = within(screen.getByRole('list', { name: 'Each shift' })).getAllByRole('listitem');
    expect(within(card as HTMLElement).getByText('Not counted')).toBeTruthy();
    expect(within(card as HTMLElement).queryByText('Open')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Drawers by day' })).queryByText('Balanced')).toBeNull();
  });

  it('shows its dates as people here write them, DD/MM/YYYY, whatever the browser', async () => {
    fakeApi({ 'GET admin/shift': { status: 200, body: [] } });
    renderWithProviders(<DrawersReport />);
    const today = formatDate(new Date().toISOString());
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await screen.findByRole('button', { name: /Shifts started between/ })).toHaveTextContent(today);
  });
});

describe('DrawersReport per gas center', () => {
  const atIkeja = { centerId: ikejaCenter.id, centerName: ikejaCenter.name };
  const atLekki = { centerId: lekkiCenter.id, centerName: lekkiCenter.name };

  it('shows a CEO each center beside the company, one once chosen, and offers the CSV files', async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET admin/shift': ({ query }) => {
        asked.push(query.get('center'));
        const all = [shift({ id: 'a', ...atIkeja }), shift({ id: 'b', staffName: 'Bola Ade', ...atLekki })];
        return {
          status: 200,
          body: all.filter((s) => query.get('center') === 'all' || s.centerId === query.get('center')),
        };
      },
    });
    renderWithProviders(<DrawersReport centers={twoCenters} choosesCenter />);
    const perCenter = await screen.findByRole('list', { name: 'Drawers by gas center' });
    expect(
      within(perCenter)
        .getAllByRole('listitem')
        .map((c) => within(c).getByText(/^Arrive/).textContent),
    ).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
    expect(asked).toEqual(['all']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const files = await screen.findAllByRole('menuitem', { hidden: true });
    expect(files.map((f) => f.textContent)).toEqual(['Each shift', 'By day', 'By staff member', 'By gas center']);
    const href = files[3]?.getAttribute('href') ?? '';
    expect(href).toMatch(
      /^\/api\/admin\/shift\?fromDate=\d{4}-\d\d-\d\d&toDate=\d{4}-\d\d-\d\d&center=all&format=csv&by=center$/,
    );
    expect(files[3]).toHaveAttribute('download');
    await user.keyboard('{Escape}');

    const choice = screen.getAllByLabelText(/^Gas center/).find((el) => el instanceof HTMLInputElement);
    if (!choice) throw new Error('no choice of center');
    await user.click(choice);
    fireEvent.click(await screen.findByRole('option', { name: 'Arrive Lekki', hidden: true }));
    await waitFor(() => expect(asked).toContain(lekkiCenter.id));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Drawers by gas center' })).toBeNull());
    const shifts = within(screen.getByRole('list', { name: 'Each shift' })).getAllByRole('listitem');
    expect(shifts).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const lekkiFiles = await screen.findAllByRole('menuitem', { hidden: true });
    expect(lekkiFiles.map((f) => f.textContent)).toEqual(['Each shift', 'By day', 'By staff member']);
    expect(lekkiFiles[0]?.getAttribute('href')).toContain(`center=${lekkiCenter.id}&format=csv&by=shift`);
  });

  it("names the center of the member's shift, and asks for no other", async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET admin/shift': ({ query }) => {
        asked.push(query.get('center'));
        return { status: 200, body: [shift({ ...atLekki })] };
      },
      'GET shift/active': { status: 200, body: { shift: shift({ id: 'mine', endedAt: null, ...atLekki }) } },
    });
    renderWithProviders(<DrawersReport centers={twoCenters} />);
    expect(await screen.findByText('Gas center: Arrive Lekki')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Gas center/)).toBeNull();
    expect(asked).toEqual([null]);
  });
});
