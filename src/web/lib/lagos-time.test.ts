import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './lagos-time';

describe('Lagos time', () => {
  it('reads the Lagos clock (UTC+1), whatever the device zone', () => {
    expect(formatTime('2026-03-05T09:30:00.000Z')).toBe('10:30');
    expect(formatTime(Date.UTC(2026, 2, 5, 23, 5))).toBe('00:05');
  });

  it('gives dd/MM/yyyy HH:mm of the Lagos day, which may be the next one', () => {
    expect(formatDateTime('2026-03-05T09:30:00.000Z')).toBe('05/03/2026 10:30');
    expect(formatDateTime(new Date('2026-03-05T23:30:00.000Z'))).toBe('06/03/2026 00:30');
  });

  it("answers '' for a date that is not one", () => {
    expect(formatTime('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
