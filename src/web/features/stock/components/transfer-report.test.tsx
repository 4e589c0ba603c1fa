import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransferDay, TransferReport } from '../../../../domain/schemas/stock-report';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { TransferReportCard } from './transfer-report';

afterEach(() => vi.unstubAllGlobals());

const line = (date: string, figures: Partial<TransferDay>): TransferDay => ({
  date,
  productId: 'p-cyl',
  productName: '12.5 kg gas cylinder',
  productType: 'Cylinder',
  unit: 'item',
  sent: 0,
  sentCount: 0,
  received: 0,
  receivedCount: 0,
  cancelled: 0,
  cancelledCount: 0,
  ...figures,
});
const sentFromIkeja = line('2026-11-28', { sent: 16, sentCount: 3, cancelled: 3, cancelledCount: 1 });
const receivedAtLekki = line('2026-11-29', { received: 5, receivedCount: 1 });
const company: TransferReport = {
  fromDate: '2026-11-28',
  toDate: '2026-11-29',
  center: null,
  byCenter: [
    { centerId: ikejaCenter.id, centerName: ikejaCenter.name, days: [sentFromIkeja] },
    { centerId: lekkiCenter.id, centerName: lekkiCenter.name, days: [receivedAtLekki] },
  ],
  days: [sentFromIkeja, receivedAtLekki],
  transfers: [],
  moreTransfers: 3,
};
const atLekki: TransferReport = {
  ...company,
  center: { id: lekkiCenter.id, name: lekkiCenter.name },
  byCenter: [{ centerId: lekkiCenter.id, centerName: lekkiCenter.name, days: [receivedAtLekki] }],
  days: [receivedAtLekki],
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

describe('the transfer report', () => {
  it("shows the CEO each center's transfers by day then all centers, with both CSV files, and one center once chosen", async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET centers/transfers/report': ({ query }) => {
        asked.push(query.get('center'));
        expect(query.get('fromDate')).toMatch(/^\d{4}-\d\d-\d\d$/);
        return { status: 200, body: query.get('center') === lekkiCenter.id ? atLekki : company };
      },
    });
    renderWithProviders(<TransferReportCard centers={twoCenters} choosesCenter />);
    const table = await screen.findByRole('table', { name: 'Transfers per day and product' });
    expect(rowsOf(table)).toEqual([
      [
        '28/11/2026',
        'Arrive Gas Center',
        '12.5 kg gas cylinder',
        '16 items (3 transfers)',
        '—',
        '3 items (1 transfer)',
      ],
      ['29/11/2026', 'Arrive Lekki', '12.5 kg gas cylinder', '—', '5 items (1 transfer)', '—'],
      ['28/11/2026', 'All centers', '12.5 kg gas cylinder', '16 items (3 transfers)', '—', '3 items (1 transfer)'],
      ['29/11/2026', 'All centers', '12.5 kg gas cylinder', '—', '5 items (1 transfer)', '—'],
    ]);
    expect(screen.getByText(/^3 transfers sent, received or cancelled/)).toBeInTheDocument();
    const byDay = screen.getByRole('link', { name: 'Download CSV' });
    expect(byDay.getAttribute('href')).toMatch(
      /^\/api\/centers\/transfers\/report\?fromDate=\d{4}-\d\d-\d\d&toDate=\d{4}-\d\d-\d\d&center=all&format=csv$/,
    );
    expect(screen.getByRole('link', { name: 'Each transfer (CSV)' }).getAttribute('href')).toMatch(
      /center=all&by=transfer&format=csv$/,
    );
    // On a phone: a card per line, the center beside its day and product.
    const cards = screen.getByRole('list', { name: 'Transfers per day and product' });
    expect(cards).toHaveClass('mantine-hidden-from-sm');
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('28/11/2026 · 12.5 kg gas cylinder')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Arrive Gas Center')).toBeInTheDocument();

    const choice = screen.getAllByLabelText(/^Report for/).find((el) => el instanceof HTMLInputElement);
    if (!choice) throw new Error('no choice of center');
    await userEvent.setup().click(choice);
    fireEvent.click(await screen.findByRole('option', { name: 'Arrive Lekki', hidden: true }));
    await waitFor(() => expect(asked).toContain(lekkiCenter.id));
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Transfers per day and product' }))).toEqual([
        ['29/11/2026', '12.5 kg gas cylinder', '—', '5 items (1 transfer)', '—'],
      ]),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
      `center=${lekkiCenter.id}&format=csv`,
    );
  });

  it('shows anyone else their shift center, asking for no center, and says when nothing moved', async () => {
    const asked: (string | null)[] = [];
    fakeApi({
      'GET centers/transfers/report': ({ query }) => {
        asked.push(query.get('center'));
        return { status: 200, body: { ...atLekki, byCenter: [], days: [], moreTransfers: 0 } };
      },
    });
    renderWithProviders(<TransferReportCard centers={twoCenters} />);
    expect(await screen.findByText('Nothing was sent, received or cancelled in these days.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Report for/)).not.toBeInTheDocument();
    expect(asked).toEqual([null]);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).not.toContain('center=');
  });
});
