// The staff access rule (who holds which access: docs/product.md and docs/security.md).
//
// Decision: an empty `expected` list grants nothing — to anyone but CEO / Manager, who pass every
// check. A check that names no access is treated as a mistake to fail closed, not as "open to all
// staff" (use `[StaffAccess.All]` for that). This applies to both hasAccess and hasAllAccess.
// Holding `All` is not special; only a check *expecting* All lets everyone through.
import { StaffAccess } from './enums';

type Accesses = readonly StaffAccess[];

/** CEO and Manager pass every access check. */
export const isPrivileged = (held: Accesses): boolean =>
  held.includes(StaffAccess.CEO) || held.includes(StaffAccess.Manager);

/** Passes when privileged, when the check expects All, or when any expected access is held. */
export function hasAccess(held: Accesses, expected: Accesses): boolean {
  if (isPrivileged(held) || expected.includes(StaffAccess.All)) return true;
  return expected.some((a) => held.includes(a));
}

/** Passes when privileged, when the check expects All, or when every expected access is held. */
export function hasAllAccess(held: Accesses, expected: Accesses): boolean {
  if (isPrivileged(held) || expected.includes(StaffAccess.All)) return true;
  return expected.length > 0 && expected.every((a) => held.includes(a));
}

/** True only when the sole access held is Staff (duplicates ignored). */
export function isStaffOnly(held: Accesses): boolean {
  const distinct = new Set(held);
  return distinct.size === 1 && distinct.has(StaffAccess.Staff);
}
