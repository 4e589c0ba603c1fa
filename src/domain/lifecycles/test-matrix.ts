// For the lifecycle tests: what canTransition answers for every pair of states and every actor,
// as { from: { to: actors } } with only the allowed pairs. A test compares it with the table it
// expects, so a move that is missing, extra or open to the wrong actor shows up by name.
import { type Actor, actorValues, canTransition, type Lifecycle } from './lifecycle';

export type Matrix<S extends string> = Partial<Record<S, Partial<Record<S, Actor[]>>>>;

export function allowedMatrix<S extends string>(lifecycle: Lifecycle<S>): Matrix<S> {
  const out: Matrix<S> = {};
  for (const from of lifecycle.states) {
    for (const to of lifecycle.states) {
      const actors = actorValues.filter((a) => canTransition(lifecycle, from, to, a));
      // Without an actor the answer must be "someone may".
      if (canTransition(lifecycle, from, to) !== actors.length > 0) throw new Error(`${from} → ${to}: actor mismatch`);
      if (actors.length === 0) continue;
      const row: Partial<Record<S, Actor[]>> = out[from] ?? {};
      row[to] = [...actors].sort();
      out[from] = row;
    }
  }
  return out;
}

/** The same shape from a hand-written table, with its actor lists sorted for comparison. */
export function sortedMatrix<S extends string>(m: Matrix<S>): Matrix<S> {
  const out: Matrix<S> = {};
  for (const [from, tos] of Object.entries(m) as [S, Partial<Record<S, Actor[]>>][]) {
    out[from] = Object.fromEntries(
      Object.entries(tos).map(([to, actors]) => [to, [...(actors as Actor[])].sort()]),
    ) as Partial<Record<S, Actor[]>>;
  }
  return out;
}
