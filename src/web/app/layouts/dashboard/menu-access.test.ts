import { describe, expect, it } from 'vitest';
import type { StaffAccess } from '../../../../domain/enums';
import { canOpen, type MenuEntry, menuAccess, menuEntryForPath } from './menu-access';

const entries = Object.keys(menuAccess) as MenuEntry[];
const visible = (held: StaffAccess[]) => entries.filter((e) => canOpen(held, e));

describe('the dashboard menu by access', () => {
  it('shows a sales associate (Staff) only the pages any staff member opens', () => {
    expect(visible(['Staff'])).toEqual(['dashboard', 'orders', 'sales', 'pickup', 'shift', 'sell']);
  });

  it('shows Update data and Add staff to Admin access, as their server routes require', () => {
    expect(visible(['Staff', 'Admin'])).toEqual([
      'dashboard',
      'orders',
      'sales',
      'updateData',
      'addStaff',
      'pickup',
      'shift',
      'sell',
      'drawers',
    ]);
  });

  it('keeps them from an accountant, whom those routes refuse', () => {
    expect(canOpen(['Accountant'], 'updateData')).toBe(false);
    expect(canOpen(['Accountant'], 'addStaff')).toBe(false);
    expect(canOpen(['Accountant'], 'sales')).toBe(true);
    expect(canOpen(['Accountant'], 'drawers')).toBe(true);
    expect(canOpen(['Staff'], 'drawers')).toBe(false);
  });

  it('shows leads to Managers and the CEO, payment problems to them and Accountants', () => {
    expect(canOpen(['Staff'], 'leads')).toBe(false);
    expect(canOpen(['Accountant'], 'leads')).toBe(false);
    expect(canOpen(['Accountant'], 'paymentProblems')).toBe(true);
    expect(canOpen(['Admin'], 'paymentProblems')).toBe(false);
  });

  it('knows which restricted page a path belongs to', () => {
    expect(menuEntryForPath('/dashboard/leads')).toBe('leads');
    expect(menuEntryForPath('/dashboard/payment-problems/')).toBe('paymentProblems');
    expect(menuEntryForPath('/dashboard/staff/create')).toBe('addStaff');
    expect(menuEntryForPath('/dashboard/drawers')).toBe('drawers');
    expect(menuEntryForPath('/dashboard/pickup')).toBeNull();
    expect(menuEntryForPath('/dashboard/leadsx')).toBeNull();
  });

  it('shows every page to a CEO or a Manager', () => {
    expect(visible(['CEO'])).toEqual(entries);
    expect(visible(['Manager'])).toEqual(entries);
  });

  it('shows nothing beyond the open pages to a member with no access at all', () => {
    expect(visible([])).toEqual(['dashboard', 'orders', 'sales', 'pickup', 'shift', 'sell']);
  });
});
