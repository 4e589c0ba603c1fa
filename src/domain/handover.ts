// Who may approve a hand-over at the counter without the client's app (pickup README,
// "Hand-over without data"): the roles Shift Supervisor, Manager and CEO, and anyone holding
// Manager or CEO access, who pass every check (SPEC §6). The server enforces it; the counter
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
