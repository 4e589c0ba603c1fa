// Who may approve a hand-over at the counter without the client's app (pickup README,
// "Hand-over without data"): the roles Shift Supervisor, Manager and CEO, and anyone holding
// Manager or CEO access, who pass every check. The server enforces it; the counter
// offers the approval form only to them.
import { isPrivileged } from './access';
import { type StaffAccess, StaffRole } from './enums';

export const HANDOVER_APPROVER_ROLES: readonly StaffRole[] = [
  StaffRole.ShiftSupervisor,
  StaffRole.Manager,
  StaffRole.CEO,
];

export const canApproveHandover = (member: { role: StaffRole; access: readonly StaffAccess[] }): boolean =>
  HANDOVER_APPROVER_ROLES.includes(member.role) || isPrivileged(member.access);

/** A pickup dispute in the counter's and the client's words (never the raw value). */
export const disputeWords: Record<'none' | 'SomeOneElseClaim' | 'InvalidPickup', string> = {
  none: 'No dispute',
  SomeOneElseClaim: 'someone else claimed the order',
  InvalidPickup: 'the pickup was not valid',
};
