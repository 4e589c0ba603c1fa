import { describe, expect, it } from 'vitest';
import { salesAssociate as member, signedInAs as staffAuth } from '../../../test/auth-fixtures';
import { decideDashboardAccess } from './dashboard-guard';

describe('decideDashboardAccess', () => {
  it('waits for the cookie check', () => {
    expect(
      decideDashboardAccess({ authChecked: false, auth: null, pathname: '/dashboard', workingNow: false }),
    ).toEqual({ kind: 'wait' });
  });
  it('sends a visitor to /login even from the shift page', () => {
    expect(
      decideDashboardAccess({ authChecked: true, auth: null, pathname: '/dashboard/shift', workingNow: false }),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
  it('checks the staff record before the shift', () => {
    expect(
      decideDashboardAccess({ authChecked: true, auth: staffAuth(null), pathname: '/dashboard', workingNow: true }),
    ).toEqual({
      kind: 'redirect',
      to: '/access-denied',
    });
  });
  it('sends former staff to the dashboard access-denied screen and shows it there', () => {
    const auth = staffAuth({ ...member, isCurrentStaff: false });
    expect(decideDashboardAccess({ authChecked: true, auth, pathname: '/dashboard/shift', workingNow: false })).toEqual(
      {
        kind: 'redirect',
        to: '/dashboard/access-denied',
      },
    );
    expect(
      decideDashboardAccess({ authChecked: true, auth, pathname: '/dashboard/access-denied', workingNow: false }),
    ).toEqual({
      kind: 'show',
    });
  });
  it('sends current staff without a shift to the shift page, which stays reachable', () => {
    const auth = staffAuth(member);
    expect(
      decideDashboardAccess({ authChecked: true, auth, pathname: '/dashboard/orders', workingNow: false }),
    ).toEqual({
      kind: 'redirect',
      to: '/dashboard/shift',
    });
    expect(
      decideDashboardAccess({ authChecked: true, auth, pathname: '/dashboard/shift/', workingNow: false }),
    ).toEqual({ kind: 'show' });
  });
  it('shows the dashboard to current staff on a shift', () => {
    expect(
      decideDashboardAccess({ authChecked: true, auth: staffAuth(member), pathname: '/dashboard', workingNow: true }),
    ).toEqual({
      kind: 'show',
    });
  });
});
