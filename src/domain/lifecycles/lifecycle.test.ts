import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  assertTransition,
  canTransition,
  defineLifecycle,
  isFinal,
  nextStates,
  openStates,
  previousStates,
} from './lifecycle';

type Light = 'green' | 'amber' | 'red' | 'off';
const light = defineLifecycle<Light>({
  name: 'traffic light',
  states: ['green', 'amber', 'red', 'off'],
  initial: ['red'],
  transitions: [
    { from: 'green', to: 'amber', by: ['system'] },
    { from: 'amber', to: 'red', by: ['system'] },
    { from: 'red', to: 'green', by: ['system', 'staff'] },
    { from: 'red', to: 'off', by: ['staff'] },
  ],
});

describe('a lifecycle', () => {
  it('allows a listed move, to anyone listed and to "anyone" when no actor is named', () => {
    expect(canTransition(light, 'red', 'green')).toBe(true);
    expect(canTransition(light, 'red', 'green', 'system')).toBe(true);
    expect(canTransition(light, 'red', 'green', 'staff')).toBe(true);
  });

  it('refuses an actor the move does not list, a move not listed, and staying put', () => {
    expect(canTransition(light, 'red', 'off', 'system')).toBe(false);
    expect(canTransition(light, 'green', 'red')).toBe(false);
    expect(canTransition(light, 'off', 'red')).toBe(false);
    expect(canTransition(light, 'red', 'red')).toBe(false);
  });

  it('lists what can happen next and what leads somewhere, per actor', () => {
    expect(nextStates(light, 'red')).toEqual(['green', 'off']);
    expect(nextStates(light, 'red', 'system')).toEqual(['green']);
    expect(nextStates(light, 'off')).toEqual([]);
    expect(previousStates(light, 'green')).toEqual(['red']);
    expect(previousStates(light, 'off', 'system')).toEqual([]);
  });

  it('knows final and open states', () => {
    expect(isFinal(light, 'off')).toBe(true);
    expect(isFinal(light, 'amber')).toBe(false);
    expect(openStates(light)).toEqual(['green', 'amber', 'red']);
  });

  it('throws a 409 Conflict naming what is possible instead', () => {
    expect(() => assertTransition(light, 'red', 'green', 'staff')).not.toThrow();
    let thrown: unknown;
    try {
      assertTransition(light, 'red', 'off', 'system');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).toJSON()).toEqual({
      message: 'A traffic light that is red cannot become off (next: green)',
      status: 409,
      type: 'Conflict',
      additionalInfo: { lifecycle: 'traffic light', status: 'red', to: 'off', actor: 'system', allowed: ['green'] },
    });
  });

  it('takes the caller’s own wording, and says nothing of next steps from a final state', () => {
    expect(() => assertTransition(light, 'off', 'red', undefined, 'It is off')).toThrow('It is off');
    expect(() => assertTransition(light, 'off', 'red')).toThrow(/^A traffic light that is off cannot become red$/);
  });

  it('refuses a malformed definition when it loads', () => {
    const base = { name: 'bad', states: ['a', 'b'] as const, initial: ['a'] as const };
    expect(() => defineLifecycle({ ...base, transitions: [{ from: 'a', to: 'a', by: ['system'] }] })).toThrow(
      /stays put/,
    );
    expect(() =>
      defineLifecycle({
        ...base,
        transitions: [
          { from: 'a', to: 'b', by: ['system'] },
          { from: 'a', to: 'b', by: ['staff'] },
        ],
      }),
    ).toThrow(/listed twice/);
    expect(() => defineLifecycle({ ...base, transitions: [{ from: 'a', to: 'b', by: [] }] })).toThrow(/nobody/);
    expect(() => defineLifecycle<string>({ ...base, transitions: [{ from: 'a', to: 'c', by: ['system'] }] })).toThrow(
      /unknown state/,
    );
    expect(() => defineLifecycle<string>({ ...base, initial: ['z'], transitions: [] })).toThrow(/initial z/);
    expect(() => defineLifecycle({ ...base, states: ['a', 'a'], transitions: [] })).toThrow(/twice/);
  });
});
