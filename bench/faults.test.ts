import { describe, expect, it } from 'vitest';
import { backWithin, recoveredAfter, type Sample, tally } from './scenarios/faults';

const at = (t0: number, t1: number, status: number, errorObject = false): Sample => ({ t0, t1, status, errorObject });

describe('tally', () => {
  const samples = [
    at(0, 5, 201),
    at(10, 20, 503, true),
    at(12, 30, 503, false),
    at(15, 25, 500, true),
    at(18, 10_018, 0),
    at(40, 45, 201),
  ];

  it('counts by status, the error object’s 503 apart from other server errors', () => {
    expect(tally(samples)).toEqual({
      requests: 6,
      byStatus: { '201': 2, '503': 2, '500': 1, none: 1 },
      serverErrors: 2,
      unavailable: 1,
      unanswered: 1,
    });
  });

  it('keeps the requests sent inside the window, whenever they were answered', () => {
    const window = tally(samples, 10, 18);
    expect(window.requests).toBe(3);
    expect(window.byStatus).toEqual({ '503': 2, '500': 1 });
    expect(tally(samples, 100, 200).requests).toBe(0);
  });
});

describe('recoveredAfter', () => {
  it('is the first good answer to a request sent after the moment', () => {
    const samples = [at(0, 50, 201), at(100, 140, 503, true), at(110, 190, 201), at(120, 160, 201)];
    expect(recoveredAfter(samples, 100, (s) => s === 201)).toBe(60);
  });

  it('is NaN when nothing recovered', () => {
    expect(recoveredAfter([at(0, 5, 201), at(10, 20, 503, true)], 10, (s) => s === 201)).toBeNaN();
  });
});

describe('backWithin', () => {
  const MB = 1024 * 1024;
  it('allows the larger of the share and the floor', () => {
    expect(backWithin(400 * MB, 440 * MB, 0.1, 20 * MB)).toBe(true);
    expect(backWithin(400 * MB, 441 * MB, 0.1, 20 * MB)).toBe(false);
    expect(backWithin(100 * MB, 119 * MB, 0.1, 20 * MB)).toBe(true);
    expect(backWithin(100 * MB, 90 * MB, 0.1, 20 * MB)).toBe(true);
  });
});
