import { describe, expect, it } from 'vitest';
import type { Shift } from '../../../../domain/schemas/shift';
import { countedShifts, type DrawerTotals, drawerState, groupDrawers, shiftSpan } from './drawer-report';

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

  it('adds up by gas center, by name', () => {
    const lekki = { centerId: 'c2', centerName: 'Arrive Lekki' };
    const ikeja = { centerId: 'c1', centerName: 'Arrive Gas Center' };
    const byCenter = groupDrawers(
      [shift({ id: 'a', ...lekki }), shift({ id: 'b', ...ikeja }), shift({ id: 'c', ...lekki, variance: -500 })],
      'center',
    );
    expect(byCenter.map((c) => [c.label, c.shifts, c.variance])).toEqual([
      ['Arrive Gas Center', 1, 0],
      ['Arrive Lekki', 2, -500],
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

  it('says when each shift ran, with its days over several days or past midnight', () => {
    const now = Date.parse('2026-11-29T15:00:00.000Z');
    const day = { startedAt: '2026-11-29T15:22:00.000Z', endedAt: '2026-11-29T15:25:00.000Z' };
    expect(shiftSpan(day, false, now)).toBe('16:22 – 16:25');
    expect(shiftSpan(day, true, now)).toBe('29/11/2026 16:22 – 16:25');
    // 23:30 Lagos on the 28th, still open on the 29th.
    const night = { startedAt: '2026-11-28T22:30:00.000Z', endedAt: null };
    expect(shiftSpan(night, false, now)).toBe('28/11/2026 23:30 – now');
    expect(shiftSpan({ ...night, endedAt: '2026-11-28T23:40:00.000Z' }, false, now)).toBe(
      '28/11/2026 23:30 – 29/11/2026 00:40',
    );
  });
});
