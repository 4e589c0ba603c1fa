import { describe, expect, it } from 'vitest';
import { signToken } from '../lib/tokens';
import { readAccessToken } from './session';

const secret = 'a-session-secret-of-forty-characters-0001';
const other = 'a-session-secret-of-forty-characters-0002';
const tokenFor = (exp: number, key = secret) => signToken({ sub: 'client-1', sid: 'session-1', exp }, key);

describe('readAccessToken', () => {
  it('answers the same for a token read again (the second time from memory)', () => {
    const token = tokenFor(Date.now() + 60_000);
    const first = readAccessToken(secret, token);
    expect(first).toEqual({ auth: { clientId: 'client-1', sessionId: 'session-1' }, problem: null });
    expect(readAccessToken(secret, token)).toEqual(first);
  });

  it('does not take a token remembered under one secret as signed with another', () => {
    const token = tokenFor(Date.now() + 60_000);
    expect(readAccessToken(secret, token).auth).not.toBeNull();
    expect(readAccessToken(other, token)).toEqual({ auth: null, problem: 'TokenVerificationError' });
  });

  it('refuses a token whose payload was changed, even after the genuine one was read', () => {
    const token = tokenFor(Date.now() + 60_000);
    expect(readAccessToken(secret, token).auth).not.toBeNull();
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sub: 'client-2', sid: 'session-1', exp: Date.now() + 60_000 })).toString('base64url')}.${mac}`;
    expect(readAccessToken(secret, forged)).toEqual({ auth: null, problem: 'TokenVerificationError' });
  });

  it('checks expiry on every read, a remembered token too', () => {
    const exp = Date.now() + 50;
    const token = tokenFor(exp);
    expect(readAccessToken(secret, token).auth).not.toBeNull();
    const realNow = Date.now;
    Date.now = () => exp + 1;
    try {
      expect(readAccessToken(secret, token)).toEqual({ auth: null, problem: 'TokenExpired' });
    } finally {
      Date.now = realNow;
    }
  });

  it('keeps answering correctly past the number of tokens it remembers', () => {
    const tokens = Array.from({ length: 5000 }, (_, i) =>
      signToken({ sub: `client-${i}`, sid: `session-${i}`, exp: Date.now() + 60_000 }, secret),
    );
    for (const token of tokens) readAccessToken(secret, token);
    for (const i of [0, 1, 2500, 4999]) {
      expect(readAccessToken(secret, tokens[i])?.auth?.clientId).toBe(`client-${i}`);
    }
  });
});
