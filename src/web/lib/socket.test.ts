import { describe, expect, it } from 'vitest';
import { detectPlatform } from './socket';

describe('detectPlatform', () => {
  it('is mobile when the user agent contains Mobi or Android, otherwise web', () => {
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148')).toBe('mobile');
    expect(detectPlatform('Mozilla/5.0 (Linux; Android 14; Tab S9) AppleWebKit/537.36')).toBe('mobile');
    expect(detectPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe('web');
  });
});
