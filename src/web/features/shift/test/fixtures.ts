import type { Shift } from '../../../../domain/schemas/shift';
import { localDb } from '../../../lib/local-db';

/** A member's shift, on now, with its float (a copy kept from before there were centers: none named). */
export const shiftFixture = (overrides: Partial<Shift> = {}): Shift => ({
  id: 'sh1',
  staffId: 'st1',
  staffName: 'Ada Obi',
  startedAt: '2026-01-01T08:00:00.000Z',
  endedAt: null,
  workingNow: true,
  openingFloat: 500_000,
  closingCash: null,
  sales: { Cash: 0, Electronic: 0, Wallet: 0, orders: 0 },
  cashSales: 0,
  cashRefunds: 0,
  expectedCash: 500_000,
  variance: null,
  ...overrides,
});

/** A tablet as a fresh sign-in finds it: no drafts, copies or queued actions. */
export async function forgetTablet() {
  sessionStorage.clear();
  localStorage.clear();
  await localDb.shift.clear();
  await localDb.pendingActions.clear();
}
