import type { AuthObject } from '../../../domain/schemas/auth';

/** The navigation state the verification screen is reached with. */
export type VerificationState = {
  type: 'mobile';
  mobileNumber: string;
  /** The page that asked for sign-in, when one did; null sends the client to their landing page. */
  origin: string | null;
  clientId: string;
};

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

// Pages that are no destination after signing in: the public home (the marketing site) and the
// sign-in screens themselves.
const NOT_A_DESTINATION = /^\/(?:$|[?#]|login\b|signup\b|auth\/)/;

/**
 * A same-site path worth returning to, or null. An origin smuggled into the state must not send
 * anyone off-site.
 */
export function safeOrigin(origin: unknown): string | null {
  if (typeof origin !== 'string' || !origin.startsWith('/') || origin.startsWith('//') || origin.includes('\\')) {
    return null;
  }
  return NOT_A_DESTINATION.test(origin) ? null : origin;
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

/** The origin a guard carried to the sign-in screens as `{ from }`, or null. */
export function originFromState(state: unknown): string | null {
  return isRecord(state) ? safeOrigin(state.from) : null;
}

export type LandingTargets = { dashboard: string; orders: string; products: string };

/**
 * Where someone lands once the code is confirmed: the page they were going to; else staff on
 * the dashboard, a client with orders on their order history, a new client on the products.
 * `hasOrders` is asked only for a client without an origin.
 */
export async function landingAfterSignIn(
  auth: AuthObject,
  origin: string | null,
  hasOrders: () => Promise<boolean>,
  to: LandingTargets,
): Promise<string> {
  if (origin) return origin;
  if (auth.client.staff?.isCurrentStaff) return to.dashboard;
  return (await hasOrders()) ? to.orders : to.products;
}
