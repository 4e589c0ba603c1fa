import { ApiError } from '../../../lib/api-client';

/** How often a staff screen reads the session again (the shift and the role may change elsewhere). */
export const STAFF_SESSION_REFRESH_MS = 60_000;

// MissingAccess is not among them: a screen may ask for what the role does not open and do without
// it (the staff home's company sales, then the member's own), and the session is read every minute.
const STALE_SESSION_REASONS = new Set(['NoActiveShift', 'NotCurrentStaff', 'NotStaff']);

/** A refusal that says the session this screen holds is out of date: its shift or role moved on. */
export function isStaffStateRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && STALE_SESSION_REASONS.has(error.reason ?? '');
}
