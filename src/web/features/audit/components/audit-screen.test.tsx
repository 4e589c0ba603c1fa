import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditList } from '../../../../domain/schemas/audit';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AuditScreen } from './audit-screen';

afterEach(() => vi.unstubAllGlobals());

const trail: AuditList = {
  fromDate: '2026-11-29',
  toDate: '2026-11-29',
  total: 1,
  staff: [{ id: 'staff-1', name: 'Bisi Ade' }],
  events: [
    {
      id: 'e1',
      at: '2026-11-29T09:15:00.000Z',
      staffId: 'staff-1',
      staffName: 'Bisi Ade',
      action: 'product.price',
      subject: 'Burner',
      changes: { price: [100_000, 120_000], productId: 'p1' },
      userAgent: 'Counter tablet',
      ip: '197.210.1.7',
      deviceId: 'dev-1',
    },
  ],
};

describe('the audit trail screen', () => {
  it('lists the records, filters by kind and offers the same filter as a CSV', async () => {
    const asked: string[] = [];
    fakeApi({
      'GET audit': ({ query }) => {
        asked.push(query.toString());
        return { status: 200, body: trail };
      },
    });
    renderWithProviders(<AuditScreen />);
    const table = await screen.findByRole('table', { name: 'Audit records, newest first' });
    const row = within(table).getByText('Burner').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Bisi Ade')).toBeInTheDocument();
    expect(within(row).getByText('Price change')).toBeInTheDocument();
    expect(within(row).getByText(/price: ₦1,000(\.00)? → ₦1,200(\.00)?/)).toBeInTheDocument();
    expect(within(row).getByText('dev-1')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Refund', hidden: true }));
    // The list is asked again with the kind, from its first page.
    expect(asked[0]).not.toContain('action=');
    await waitFor(() => expect(asked.at(-1)).toMatch(/action=sale\.refund&limit=50&offset=0$/));
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toMatch(
      /^\/api\/audit\/export\?fromDate=\d{4}-\d\d-\d\d&toDate=\d{4}-\d\d-\d\d&action=sale\.refund$/,
    );
  });
});
