import { describe, expect, it } from 'vitest';
import type { Shift } from '../../../../domain/schemas/shift';
import { countedShifts, type DrawerTotals, drawerState, drawersCsv, groupDrawers } from './drawer-report';

const shift = (over: Partial<Shift>): Shift => ({
  id: 'sh',
  staffId: 'st1',
  staffName: 'Ada Obi',
  startedAt: '2026-03-02T08:00:00.000Z',
  endedAt: '2026-03-02T16:00:00.000Z',
  workingNow: false,
  openingFloat: 500_000,
  closingCash: 1_450_000,
  sales: { Cash: 1_000_000, Electronic: 0, Wallet: 0, orders: 2 },
  cashSales: 1_000_000,
  cashRefunds: 50_000,
  expectedCash: 1_450_000,
  variance: 0,
  ...over,
});

describe('the cash drawers report', () => {
  it('adds up by day and by staff member, open shifts counted apart', () => {
    const shifts = [
      shift({ id: 'a' }),
      shift({
        id: 'b',
        staffId: 'st2',
        staffName: 'Bola',
        closingCash: 400_000,
        expectedCash: 500_000,
        variance: -100_000,
        cashSales: 0,
        cashRefunds: 0,
      }),
      shift({ id: 'c', startedAt: '2026-03-03T08:00:00.000Z', endedAt: null, closingCash: null, variance: null }),
    ];
    const byDay = groupDrawers(shifts, 'day');
    expect(byDay.map((d) => [d.label, d.shifts, d.variance, d.open])).toEqual([
      ['03/03/2026', 1, 0, 1],
      ['02/03/2026', 2, -100_000, 0],
    ]);
    const byStaff = groupDrawers(shifts, 'staff');
    expect(byStaff.map((d) => [d.label, d.shifts, d.cashSales, d.cashRefunds])).toEqual([
      ['Ada Obi', 2, 2_000_000, 100_000],
      ['Bola', 1, 0, 0],
    ]);
  });

  it('keeps a drawer ended without a count out of the variance, and counts it apart', () => {
    const [day] = groupDrawers(
      [
        shift({ id: 'a', variance: -20_000, closingCash: 1_430_000 }),
        shift({ id: 'b', closingCash: null, variance: null }),
      ],
      'day',
    );
    expect(day).toMatchObject({ shifts: 2, open: 0, uncounted: 1, variance: -20_000, closingCash: 1_430_000 });
    // Counted minus what the counted drawer was to hold is the variance; the row's Expected is more.
    expect(day).toMatchObject({ expectedCash: 2 * 1_450_000, countedExpected: 1_450_000 });
    expect((day?.closingCash ?? 0) - (day?.countedExpected ?? 0)).toBe(day?.variance);
    expect(countedShifts(day as DrawerTotals)).toBe(1);
    expect(drawerState({ endedAt: null, closingCash: null })).toBe('open');
    expect(drawerState({ endedAt: '2026-03-02T16:00:00.000Z', closingCash: null })).toBe('uncounted');
    expect(drawerState({ endedAt: '2026-03-02T16:00:00.000Z', closingCash: 0 })).toBe('counted');
  });

  it('exports one CSV row per shift, naira with 2 decimals, cells that cannot run as formulas', () => {
    const csv = drawersCsv([shift({ staffName: '=HYPERLINK("x"), Ada', variance: -2_550 })]);
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toBe(
      'Date,Staff,Started,Ended,Opening float (NGN),Cash sales (NGN),Cash refunds (NGN),Expected cash (NGN),Counted cash (NGN),Variance (NGN)',
    );
    expect(row).toContain(`"'=HYPERLINK(""x""), Ada"`);
    expect(row).toContain(',5000.00,10000.00,500.00,14500.00,14500.00,-25.50');
  });
});
