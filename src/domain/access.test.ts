import { describe, expect, it } from 'vitest';
import { hasAccess, hasAllAccess, isPrivileged, isStaffOnly } from './access';
import type { StaffAccess } from './enums';

const all: StaffAccess[] = ['Admin', 'Staff', 'Manager', 'CEO', 'Accountant', 'All'];

describe('hasAccess', () => {
  it('lets CEO and Manager pass any check', () => {
    for (const boss of ['CEO', 'Manager'] as const) {
      expect(isPrivileged([boss])).toBe(true);
      expect(hasAccess([boss], ['Accountant'])).toBe(true);
      expect(hasAccess(['Staff', boss], ['Admin'])).toBe(true);
      expect(hasAccess([boss], [])).toBe(true);
    }
  });
  it('lets anyone pass a check that expects All', () => {
    expect(hasAccess(['Staff'], ['All'])).toBe(true);
    expect(hasAccess([], ['Admin', 'All'])).toBe(true);
  });
  it('otherwise needs at least one expected access', () => {
    expect(hasAccess(['Admin'], ['Admin', 'Accountant'])).toBe(true);
    expect(hasAccess(['Staff', 'Accountant'], ['Admin', 'Accountant'])).toBe(true);
    expect(hasAccess(['Staff'], ['Admin', 'Accountant'])).toBe(false);
    expect(hasAccess([], ['Staff'])).toBe(false);
  });
  it('does not treat holding All as a pass', () => {
    expect(hasAccess(['All'], ['Admin'])).toBe(false);
  });
  it('grants nothing on an empty expected list (fail closed)', () => {
    expect(hasAccess(['Admin', 'Staff'], [])).toBe(false);
  });
});

describe('hasAllAccess', () => {
  it('lets CEO and Manager pass', () => {
    expect(hasAllAccess(['CEO'], ['Admin', 'Accountant'])).toBe(true);
    expect(hasAllAccess(['Manager'], ['Admin', 'Accountant'])).toBe(true);
  });
  it('needs every listed access', () => {
    expect(hasAllAccess(['Admin', 'Accountant', 'Staff'], ['Admin', 'Accountant'])).toBe(true);
    expect(hasAllAccess(['Admin'], ['Admin', 'Accountant'])).toBe(false);
    expect(hasAllAccess(['Staff'], ['Admin'])).toBe(false);
  });
  it('passes a check that expects All', () => {
    expect(hasAllAccess(['Staff'], ['Admin', 'All'])).toBe(true);
  });
  it('grants nothing on an empty expected list', () => {
    expect(hasAllAccess(['Admin'], [])).toBe(false);
    expect(hasAllAccess(['CEO'], [])).toBe(true);
  });
});

describe('isStaffOnly', () => {
  it('is true only when Staff is the sole access', () => {
    expect(isStaffOnly(['Staff'])).toBe(true);
    expect(isStaffOnly(['Staff', 'Staff'])).toBe(true);
    expect(isStaffOnly(['Staff', 'Admin'])).toBe(false);
    expect(isStaffOnly(['Admin'])).toBe(false);
    expect(isStaffOnly([])).toBe(false);
    expect(isStaffOnly(all)).toBe(false);
  });
});
