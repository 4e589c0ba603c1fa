import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '../../../../domain/schemas/staff';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AddStaffScreen } from './add-staff-screen';

const musa: StaffMember = {
  id: 's4',
  clientId: 'c4',
  phoneLocal: '08010000004',
  firstname: 'Musa',
  lastname: 'Ibrahim',
  role: 'Delivery Person',
  access: ['Staff'],
  isCurrentStaff: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  shift: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('Add staff', () => {
  it("fills the form with a member's record to change it, and empties all of it once saved", async () => {
    const api = fakeApi({
      'GET staff/active': { status: 200, body: [musa] },
      'POST staff/create': {
        status: 200,
        body: { created: false, clientCreated: false, staff: { ...musa, role: 'Cashier' } },
      },
    });
    renderWithProviders(<AddStaffScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Musa Ibrahim' }));
    expect(screen.getByLabelText(/^Mobile number/)).toHaveValue('08010000004');
    expect(screen.getAllByLabelText(/^Role/)[0]).toHaveValue('Delivery Person');
    await user.click(screen.getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      phoneNumber: '08010000004',
      role: 'Delivery Person',
      access: ['Staff'],
      isCurrentStaff: true,
    });
    // The next person does not inherit the last one's role.
    await waitFor(() => expect(screen.getByLabelText(/^Mobile number/)).toHaveValue(''));
    expect(screen.getAllByLabelText(/^Role/)[0]).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save staff member' })).toBeDisabled();
  });
});
