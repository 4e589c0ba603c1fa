// A lifecycle as data: its states, the moves between them and who may make each move. The
// server refuses a move that is not listed; the web asks the same data what can happen next.
import { AppError, ErrorType } from '../errors';

/**
 * Who makes a move.
 * - client: the signed-in owner of the order (or payment).
 * - staff: a current staff member on a working shift; no finer access is needed for any move.
 * - paystack: the card provider's word (a verified webhook, a verify call, a charge answer).
 * - system: the server on its own (reconciliation, expiry, presence, refusing value).
 * - carrier: the rider assigned to a delivery, moving it along the road on their phone.
 */
export type Actor = 'client' | 'staff' | 'paystack' | 'system' | 'carrier';
export const actorValues: readonly Actor[] = ['client', 'staff', 'paystack', 'system', 'carrier'];

export type Transition<S extends string> = {
  from: S;
  to: S;
  by: readonly Actor[];
  /** Why and where it happens: the reader's map to the server. */
  note?: string;
};

export type Lifecycle<S extends string> = {
  /** What the states belong to, as a user says it ("order", "delivery"): used in refusals. */
  name: string;
  states: readonly S[];
  /** States a new record starts in. */
  initial: readonly S[];
  transitions: readonly Transition<S>[];
};

/** Checks a lifecycle once, when its module loads: a typo here must not reach a user. */
export function defineLifecycle<S extends string>(lifecycle: Lifecycle<S>): Lifecycle<S> {
  const known = new Set<string>(lifecycle.states);
  const problems: string[] = [];
  if (known.size !== lifecycle.states.length) problems.push('a state is listed twice');
  for (const s of lifecycle.initial) if (!known.has(s)) problems.push(`initial ${s} is not a state`);
  const seen = new Set<string>();
  for (const t of lifecycle.transitions) {
    const key = `${t.from} → ${t.to}`;
    if (!known.has(t.from) || !known.has(t.to)) problems.push(`${key} names an unknown state`);
    if (t.from === t.to) problems.push(`${key} stays put: staying is not a move`);
    if (seen.has(key)) problems.push(`${key} is listed twice`);
    if (t.by.length === 0) problems.push(`${key} has nobody who may make it`);
    seen.add(key);
  }
  if (problems.length) throw new Error(`The ${lifecycle.name} lifecycle is malformed: ${problems.join('; ')}`);
  return lifecycle;
}

const find = <S extends string>(lifecycle: Lifecycle<S>, from: string, to: string) =>
  lifecycle.transitions.find((t) => t.from === from && t.to === to);

/** May `actor` (anyone, when not given) move a record from `from` to `to`? Staying put is not a move. */
export function canTransition<S extends string>(lifecycle: Lifecycle<S>, from: S, to: S, actor?: Actor): boolean {
  const t = find(lifecycle, from, to);
  return t !== undefined && (actor === undefined || t.by.includes(actor));
}

/** Where `actor` (anyone, when not given) may take a record from `from`, in the order listed. */
export function nextStates<S extends string>(lifecycle: Lifecycle<S>, from: S, actor?: Actor): S[] {
  return lifecycle.transitions
    .filter((t) => t.from === from && (actor === undefined || t.by.includes(actor)))
    .map((t) => t.to);
}

/** The states from which `actor` (anyone, when not given) may reach `to`, in the order listed. */
export function previousStates<S extends string>(lifecycle: Lifecycle<S>, to: S, actor?: Actor): S[] {
  return lifecycle.transitions
    .filter((t) => t.to === to && (actor === undefined || t.by.includes(actor)))
    .map((t) => t.from);
}

/** Nothing can happen any more. */
export const isFinal = <S extends string>(lifecycle: Lifecycle<S>, state: S): boolean =>
  !lifecycle.transitions.some((t) => t.from === state);

/** The states something can still happen to. */
export const openStates = <S extends string>(lifecycle: Lifecycle<S>): S[] =>
  lifecycle.states.filter((s) => !isFinal(lifecycle, s));

/**
 * Throws a 409 Conflict unless `actor` may make the move. The message names the moves that are
 * open to the actor, so the caller learns what it can do instead.
 */
export function assertTransition<S extends string>(
  lifecycle: Lifecycle<S>,
  from: S,
  to: S,
  actor?: Actor,
  message?: string,
): void {
  if (canTransition(lifecycle, from, to, actor)) return;
  const allowed = nextStates(lifecycle, from, actor);
  throw new AppError(
    message ??
      `A ${lifecycle.name} that is ${from} cannot become ${to}${allowed.length ? ` (next: ${allowed.join(', ')})` : ''}`,
    {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { lifecycle: lifecycle.name, status: from, to, ...(actor ? { actor } : {}), allowed },
    },
  );
}
