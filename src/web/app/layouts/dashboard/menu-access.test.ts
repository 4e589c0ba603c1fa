import { describe, expect, it } from 'vitest';
import type { StaffAccess, StaffRole } from '../../../../domain/enums';
import { canOpen, type MenuEntry, menuEntryForPath, menuRoutes } from './menu-access';

const entries = Object.keys(menuRoutes) as MenuEntry[];
const visible = (held: StaffAccess[], role?: StaffRole) => entries.filter((e) => canOpen(held, e, role));

describe('the dashboard menu by role and access', () => {
  it('shows a sales associate the counter, the orders and the board, their own sales and shift', () => {
    expect(visible(['Staff'], 'Sales Associate')).toEqual([
      'dashboard',
      'orders',
      'sales',
      'pickup',
      'shift',
      'sell',
      'dispatch',
      'transfers',
    ]);
  });

  it('shows a rider no page of other clients: only their own sales and shift', () => {
    expect(visible(['Staff'], 'Delivery Person')).toEqual(['dashboard', 'sales', 'shift']);
  });

  it('shows Update data and Add staff to Admin access, as their server routes require', () => {
    expect(visible(['Staff', 'Admin'], 'Cashier')).toEqual([
      'dashboard',
      'orders',
      'sales',
      'updateData',
      'addStaff',
      'pickup',
      'shift',
      'sell',
      'drawers',
      'transfers',
    ]);
  });

  it('keeps them from an accountant, whom those routes refuse', () => {
    expect(canOpen(['Accountant'], 'updateData')).toBe(false);
    expect(canOpen(['Accountant'], 'addStaff')).toBe(false);
    expect(canOpen(['Accountant'], 'sales')).toBe(true);
    expect(canOpen(['Accountant'], 'orders')).toBe(true);
    expect(canOpen(['Accountant'], 'drawers')).toBe(true);
    expect(canOpen(['Accountant'], 'pickup', 'Accountant and HR')).toBe(false);
    expect(canOpen(['Staff'], 'drawers')).toBe(false);
  });

  it('shows leads to Managers and the CEO, payment problems to them and Accountants', () => {
    expect(canOpen(['Staff'], 'leads')).toBe(false);
    expect(canOpen(['Accountant'], 'leads')).toBe(false);
    expect(canOpen(['Accountant'], 'paymentProblems')).toBe(true);
    expect(canOpen(['Admin'], 'paymentProblems')).toBe(false);
  });

  it('shows the audit trail to Managers and the CEO only', () => {
    expect(canOpen(['CEO'], 'audit')).toBe(true);
    expect(canOpen(['Manager'], 'audit')).toBe(true);
    for (const held of [['Staff'], ['Admin'], ['Accountant'], ['All']] as StaffAccess[][]) {
      expect(canOpen(held, 'audit')).toBe(false);
    }
    expect(menuEntryForPath('/dashboard/audit')).toBe('audit');
  });

  it('shows the gas centers to Managers and the CEO only', () => {
    expect(canOpen(['CEO'], 'centers')).toBe(true);
    expect(canOpen(['Manager'], 'centers')).toBe(true);
    for (const held of [['Staff'], ['Admin'], ['Accountant'], ['All']] as StaffAccess[][]) {
      expect(canOpen(held, 'centers')).toBe(false);
    }
    expect(canOpen(['Staff'], 'centers', 'Shift Supervisor')).toBe(false);
    expect(menuEntryForPath('/dashboard/centers')).toBe('centers');
  });

  it('shows stock transfers to the counter and Admin access, not to a rider or an accountant', () => {
    expect(canOpen(['Staff'], 'transfers', 'Cashier')).toBe(true);
    expect(canOpen(['Admin'], 'transfers')).toBe(true);
    expect(canOpen(['Staff'], 'transfers', 'Delivery Person')).toBe(false);
    expect(canOpen(['Accountant'], 'transfers', 'Accountant and HR')).toBe(false);
    expect(menuEntryForPath('/dashboard/transfers')).toBe('transfers');
  });

  it('knows which restricted page a path belongs to', () => {
    expect(menuEntryForPath('/dashboard/leads')).toBe('leads');
    expect(menuEntryForPath('/dashboard/payment-problems/')).toBe('paymentProblems');
    expect(menuEntryForPath('/dashboard/staff/create')).toBe('addStaff');
    expect(menuEntryForPath('/dashboard/drawers')).toBe('drawers');
    expect(menuEntryForPath('/dashboard/orders/detail/x')).toBe('orders');
    expect(menuEntryForPath('/dashboard/pickup')).toBe('pickup');
    expect(menuEntryForPath('/dashboard/shift')).toBeNull();
    expect(menuEntryForPath('/dashboard/deliveries')).toBeNull();
    expect(menuEntryForPath('/dashboard/leadsx')).toBeNull();
  });

  it('shows every page to a CEO or a Manager', () => {
    expect(visible(['CEO'])).toEqual(entries);
    expect(visible(['Manager'])).toEqual(entries);
  });

  it('shows nothing beyond their own pages to a member with no access and a role of no desk', () => {
    expect(visible([], 'Software engineer')).toEqual(['dashboard', 'sales', 'shift']);
    expect(visible(['All'], 'Inventory Specialist')).toEqual(['dashboard', 'sales', 'shift']);
  });
});
