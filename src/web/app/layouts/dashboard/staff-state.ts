import { ApiError } from '../../../lib/api-client';

/** How often a staff screen reads the session again (the shift and the role may change elsewhere). */
export const STAFF_SESSION_REFRESH_MS = 60_000;

const STALE_SESSION_REASONS = new Set(['NoActiveShift', 'NotCurrentStaff', 'NotStaff', 'MissingAccess']);

/** A refusal that says the session this screen holds is out of date: its shift or role moved on. */
export function isStaffStateRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const reason = (error.additionalInfo as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' && STALE_SESSION_REASONS.has(reason);
}
