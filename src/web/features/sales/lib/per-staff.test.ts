import { describe, expect, it } from 'vitest';
import { unattributedSales } from './per-staff';

const totals = {
  orders: 11,
  total: 19_246_667,
  byPaymentType: { Cash: 7_000_000, Electronic: 8_000_000, Wallet: 4_246_667 },
};

describe('the per-staff table', () => {
  it('adds up to the total with a row for the orders paid in the app that no staff member took', () => {
    const staff = [
      { orders: 6, Cash: 6_000_000, total: 11_016_667 },
      { orders: 3, Cash: 1_000_000, total: 3_650_000 },
    ];
    // The figures of a manager's day: ₦192,466.67 in all, ₦146,666.67 by the staff.
    expect(unattributedSales(totals, staff)).toEqual({ orders: 2, Cash: 0, total: 4_580_000 });
    const rest = unattributedSales(totals, staff);
    expect(staff.reduce((n, s) => n + s.total, 0) + (rest?.total ?? 0)).toBe(totals.total);
  });

  it('has no such row when the staff took every order', () => {
    expect(unattributedSales(totals, [{ orders: 11, Cash: 7_000_000, total: 19_246_667 }])).toBeNull();
  });
});
