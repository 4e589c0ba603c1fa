/** The navigation state the verification screen is reached with (SPEC §2). */
export type VerificationState = {
  type: 'mobile';
  mobileNumber: string;
  /** Where to go once verified: the page that asked for sign-in, else home. */
  origin: string;
  clientId: string;
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** Only same-site paths: an origin smuggled into the state must not send anyone off-site. */
export function safeOrigin(origin: unknown): string {
  return typeof origin === 'string' && origin.startsWith('/') && !origin.startsWith('//') ? origin : '/';
}

/** The state, or null when the screen was opened without one (a bookmark, a reload in a new tab). */
export function readVerificationState(state: unknown): VerificationState | null {
  if (!isRecord(state) || typeof state.clientId !== 'string' || !state.clientId) return null;
  return {
    type: 'mobile',
    mobileNumber: typeof state.mobileNumber === 'string' ? state.mobileNumber : '',
    origin: safeOrigin(state.origin),
    clientId: state.clientId,
  };
}

/** The origin a guard carried to the sign-in screens as `{ from }`. */
export function originFromState(state: unknown): string {
  return isRecord(state) ? safeOrigin(state.from) : '/';
}
