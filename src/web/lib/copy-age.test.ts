import { describe, expect, it } from 'vitest';
import { copyAge } from './copy-age';

describe('copyAge', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  it('says how old a saved copy is in short words', () => {
    expect(copyAge(now - 20_000, now)).toBe('just now');
    expect(copyAge(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(copyAge(now - 2 * 3_600_000 - 59_000, now)).toBe('2 h ago');
    expect(copyAge(now - 30 * 3_600_000, now)).toBe('yesterday');
    expect(copyAge(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
  it('treats a clock that went backwards as just now', () => {
    expect(copyAge(now + 60_000, now)).toBe('just now');
  });
});
