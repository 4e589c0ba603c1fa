import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffAccess, StaffRole } from '../../../../domain/enums';
import { renderWithProviders } from '../../../test/render';
import { SideMenu } from './side-menu';

const menuFor = async (role: StaffRole, access: StaffAccess[] = ['Staff']) => {
  renderWithProviders(<SideMenu lastOrderId={null} access={access} role={role} />);
  await screen.findByRole('link', { name: 'Dashboard' });
};

describe('the home-delivery entries of the dashboard menu', () => {
  it('offers the dispatch board to a dispatcher, not their own deliveries', async () => {
    await menuFor('Sales Associate');
    expect(screen.getByRole('link', { name: 'Dispatch' })).toHaveAttribute('href', '/dashboard/dispatch');
    expect(screen.queryByRole('link', { name: 'My deliveries' })).not.toBeInTheDocument();
  });

  it('offers a Delivery Person their own deliveries, not the board', async () => {
    await menuFor('Delivery Person');
    expect(screen.getByRole('link', { name: 'My deliveries' })).toHaveAttribute('href', '/dashboard/deliveries');
    expect(screen.queryByRole('link', { name: 'Dispatch' })).not.toBeInTheDocument();
  });

  it('offers neither to a role that does not dispatch', async () => {
    await menuFor('Cashier');
    expect(screen.queryByRole('link', { name: 'Dispatch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My deliveries' })).not.toBeInTheDocument();
  });
});
