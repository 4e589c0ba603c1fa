import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTP_EXPIRY_MS } from '../../src/domain/constants';
import {
  OTP_MAX_ATTEMPTS,
  OTP_SENDS_PER_ADDRESS_PER_PHONE,
  OTP_SENDS_PER_PHONE,
} from '../../src/server/modules/auth/limits';
import { REFRESH_REUSE_GRACE_MS } from '../../src/server/modules/auth/session-service';
import { authSessions, otpCodes } from '../../src/server/modules/auth/tables';
import { clients } from '../../src/server/modules/client/tables';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let addressCounter = 0;
function browser(target: () => FastifyInstance = () => app) {
  const jar: Record<string, string> = {};
  const address = `10.2.0.${++addressCounter}`;
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '') delete jar[c.name];
      else jar[c.name] = c.value;
    }
    return res;
  };
  const cookie = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  return {
    jar,
    post: async (url: string, payload?: object) =>
      keep(
        await target().inject({
          method: 'POST',
          url,
          headers: { ...webHeaders, cookie: cookie(), 'x-forwarded-for': address },
          ...(payload ? { payload } : {}),
        }),
      ),
    get: async (url: string) =>
      keep(await target().inject({ method: 'GET', url, headers: { cookie: cookie(), 'x-forwarded-for': address } })),
  };
}

async function latestCode(phone: string, target = app): Promise<string> {
  const res = await target.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
  const code = res.json().messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}
/** A six-digit code that is certainly not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('one-time codes', () => {
  it('are stored only as a hash', async () => {
    const b = browser();
    const { clientId } = (await b.post('/api/auth/signup', { phoneNumber: '08041000001' })).json();
    const code = await latestCode('08041000001');
    const rows = await app.db.select().from(otpCodes).where(eq(otpCodes.clientId, clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('are burned after 5 wrong tries: even the right code is then refused', async () => {
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: '08041000002' });
    const code = await latestCode('08041000002');
    const left: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await b.post('/api/auth/opt_confirmation', { optCode: wrong(code, i) });
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('InvalidOTPCode');
      left.push(res.json().additionalInfo.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await b.post('/api/auth/opt_confirmation', { optCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().type).toBe('InvalidOTPCode');
    expect(b.jar.arrive_at).toBeUndefined();
  });

  it('give a guesser who keeps asking for new codes 5 tries a code and 5 codes an hour from one address', async () => {
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: '08041000003' });
    for (let sent = 1; sent <= OTP_SENDS_PER_ADDRESS_PER_PHONE; sent++) {
      const code = await latestCode('08041000003');
      for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
        expect((await b.post('/api/auth/opt_confirmation', { optCode: wrong(code, i) })).statusCode).toBe(400);
      }
      const next = await b.post('/api/auth/opt_request', {});
      if (sent < OTP_SENDS_PER_ADDRESS_PER_PHONE) expect(next.statusCode).toBe(200);
      else expect(next.json()).toMatchObject({ status: 429, additionalInfo: { scope: 'address-phone' } });
    }
    // The owner of the number, elsewhere, is not held up by it (it used to lock the phone for an hour).
    const owner = browser();
    expect((await owner.post('/api/auth/signup', { phoneNumber: '08041000003' })).statusCode).toBe(200);
    const mine = await latestCode('08041000003');
    expect((await owner.post('/api/auth/opt_confirmation', { optCode: mine })).statusCode).toBe(200);
  });

  it('count simultaneous wrong guesses one by one', async () => {
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: '08041000004' });
    const code = await latestCode('08041000004');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => b.post('/api/auth/opt_confirmation', { optCode: wrong(code, i + 1) })),
    );
    expect(answers.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    const right = await b.post('/api/auth/opt_confirmation', { optCode: code });
    expect(right.statusCode).not.toBe(200);
  });

  it('are accepted just before 5 minutes and refused after (OTPExpired)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T10:00:00Z');
    vi.setSystemTime(start);
    const late = browser();
    await late.post('/api/auth/signup', { phoneNumber: '08041000005' });
    const lateCode = await latestCode('08041000005');
    const onTime = browser();
    await onTime.post('/api/auth/signup', { phoneNumber: '08041000006' });
    const onTimeCode = await latestCode('08041000006');

    vi.setSystemTime(start.getTime() + OTP_EXPIRY_MS - 1000);
    expect((await onTime.post('/api/auth/opt_confirmation', { optCode: onTimeCode })).statusCode).toBe(200);

    vi.setSystemTime(start.getTime() + OTP_EXPIRY_MS + 1000);
    const expired = await late.post('/api/auth/opt_confirmation', { optCode: lateCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ type: 'OTPExpired' });
    expect(late.jar.arrive_at).toBeUndefined();
  });

  it('are single use', async () => {
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: '08041000007' });
    const code = await latestCode('08041000007');
    const [first, second] = await Promise.all([
      b.post('/api/auth/opt_confirmation', { optCode: code, mobileNumber: '08041000007' }),
      b.post('/api/auth/opt_confirmation', { optCode: code, mobileNumber: '08041000007' }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 400]);
  });

  it("confirm only the client named by this browser's pending cookie", async () => {
    const victim = browser();
    const { clientId: victimId } = (await victim.post('/api/auth/login', { phoneNumber: '08010000002' })).json();
    const victimCode = await latestCode('08010000002');
    const attacker = browser();
    await attacker.post('/api/auth/signup', { phoneNumber: '08041000008' });
    const res = await attacker.post('/api/auth/opt_confirmation', { optCode: victimCode });
    expect(res.statusCode).toBe(400);
    expect(attacker.jar.arrive_at).toBeUndefined();
    // A pending cookie rewritten to name the victim keeps the attacker's signature: ignored.
    const signature = attacker.jar.arrive_pv?.split('.')[1];
    const payload = Buffer.from(JSON.stringify({ typ: 'pending', sub: victimId, exp: Date.now() + 60_000 })).toString(
      'base64url',
    );
    const forged = await app.inject({
      method: 'POST',
      url: '/api/auth/opt_confirmation',
      headers: { ...webHeaders, cookie: `arrive_pv=${payload}.${signature}` },
      payload: { optCode: victimCode },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().type).toBe('MobileNumberMissing');
    // The victim's own browser still signs in with it.
    expect((await victim.post('/api/auth/opt_confirmation', { optCode: victimCode })).statusCode).toBe(200);
  });

  it('limit sends per phone: a few from one address, a ceiling from everywhere', async () => {
    const phone = '08041000009';
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: phone });
    const statuses: number[] = [];
    for (let i = 1; i < OTP_SENDS_PER_ADDRESS_PER_PHONE; i++)
      statuses.push((await b.post('/api/auth/opt_request', {})).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const fromHere = await b.post('/api/auth/opt_request', {});
    expect(fromHere.statusCode).toBe(429);
    expect(fromHere.json()).toMatchObject({ type: 'RateLimited', additionalInfo: { scope: 'address-phone' } });

    // Other addresses each get their share, up to the number's ceiling.
    for (let sent = OTP_SENDS_PER_ADDRESS_PER_PHONE; sent < OTP_SENDS_PER_PHONE; ) {
      const other = browser();
      for (let i = 0; i < OTP_SENDS_PER_ADDRESS_PER_PHONE && sent < OTP_SENDS_PER_PHONE; i++, sent++) {
        expect((await other.post('/api/auth/opt_request', { mobileNumber: phone })).statusCode).toBe(200);
      }
    }
    const overCeiling = await browser().post('/api/auth/opt_request', { mobileNumber: phone });
    expect(overCeiling.statusCode).toBe(429);
    expect(overCeiling.json()).toMatchObject({ type: 'RateLimited', additionalInfo: { scope: 'phone' } });
    const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
    expect(outbox.json().messages).toHaveLength(OTP_SENDS_PER_PHONE);
  });

  it('limit calls per address', async () => {
    const address = '10.9.9.9';
    const results: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...webHeaders, 'x-forwarded-for': address },
        payload: { phoneNumber: `0804200${String(i).padStart(4, '0')}` },
      });
      results.push(res.statusCode);
      if (i === 20) expect(res.json()).toMatchObject({ type: 'RateLimited', status: 429 });
    }
    expect(results.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(results[20]).toBe(429);
  });
});

describe('sessions', () => {
  /** Every exchanged refresh token, exchanged long enough ago that a copy is no concurrent tab. */
  async function pastReuseGrace() {
    await app.db
      .update(authSessions)
      .set({ replacedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(isNotNull(authSessions.replacedAt));
  }

  async function signedIn(phone: string) {
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: phone });
    const res = await b.post('/api/auth/opt_confirmation', { optCode: await latestCode(phone) });
    return { b, res };
  }

  it('set httpOnly SameSite=Lax cookies, the refresh one only for /api/auth, not Secure outside production', async () => {
    const { res } = await signedIn('08043000001');
    const access = res.cookies.find((c) => c.name === 'arrive_at');
    const refresh = res.cookies.find((c) => c.name === 'arrive_rt');
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(access?.secure).toBeFalsy();
    expect(refresh?.secure).toBeFalsy();
  });

  it('set Secure cookies in production', async () => {
    // A staging site: production settings with the sandbox opted in, whose outbox only a CEO may
    // read over HTTP, so the code is taken from the console provider's outbox itself.
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'p'.repeat(40),
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        PAYMENT_MODE: 'sandbox',
        SMS_PROVIDER: 'console',
      },
    });
    try {
      const b = browser(() => prod);
      const signup = await b.post('/api/auth/signup', { phoneNumber: '08043000002' });
      expect(signup.cookies.find((c) => c.name === 'arrive_pv')).toMatchObject({ secure: true, httpOnly: true });
      const sent = prod.sms.outbox.list('08043000002')[0]?.body.match(/\b(\d{6})\b/)?.[1];
      const res = await b.post('/api/auth/opt_confirmation', { optCode: sent });
      expect(res.statusCode).toBe(200);
      for (const name of ['arrive_at', 'arrive_rt']) {
        expect(res.cookies.find((c) => c.name === name)).toMatchObject({
          secure: true,
          httpOnly: true,
          sameSite: 'Lax',
        });
      }
    } finally {
      await prod.close();
    }
  });

  it('rotate the refresh token, and a reused one revokes the whole family', async () => {
    const { b } = await signedIn('08043000003');
    const original = b.jar.arrive_rt;
    const rotated = await b.post('/api/auth/refresh_token');
    expect(rotated.statusCode).toBe(200);
    const second = b.jar.arrive_rt;
    expect(second).toBeTruthy();
    expect(second).not.toBe(original);

    // Someone replays the first token, past the moment two tabs of one browser could have sent
    // it: refused, and every token of the family dies with it.
    await pastReuseGrace();
    const replay = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      headers: { ...webHeaders, cookie: `arrive_rt=${original}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ type: 'TokenVerificationError', additionalInfo: { reason: 'reused' } });

    const legit = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      headers: { ...webHeaders, cookie: `arrive_rt=${second}` },
    });
    expect(legit.statusCode).toBe(401);
    const clientId = (await b.get('/api/auth/cookie_auth')).statusCode;
    expect(clientId).toBe(401);

    const [client] = await app.db.select().from(clients).where(eq(clients.phoneLocal, '08043000003'));
    const rows = await app.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.clientId, client?.id ?? ''));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(original);
  });

  it('let two tabs of one browser refresh with the same token at once; another browser with it is a theft', async () => {
    const { b } = await signedIn('08043000005');
    const shared = b.jar.arrive_rt;
    // Both tabs of the browser that signed in send the cookie they share before either answer lands.
    const refresh = (userAgent?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/refresh_token',
        headers: { ...webHeaders, ...(userAgent ? { 'user-agent': userAgent } : {}), cookie: `arrive_rt=${shared}` },
      });
    const [tabA, tabB] = await Promise.all([refresh(), refresh()]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    const fresh = [tabA, tabB].map((r) => r.cookies.find((c) => c.name === 'arrive_rt')?.value);
    expect(new Set(fresh).size).toBe(2);
    // Another browser with the same token, even at once: a copy. The family is revoked.
    const thief = await refresh('curl/8.5');
    expect(thief.statusCode).toBe(401);
    expect(thief.json()).toMatchObject({ additionalInfo: { reason: 'reused' } });
    for (const token of fresh) {
      const after = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh_token',
        headers: { ...webHeaders, cookie: `arrive_rt=${token}` },
      });
      expect(after.statusCode).toBe(401);
    }
  });

  it('answer an expired access token with TokenExpired and a forged one with TokenVerificationError', async () => {
    const { b } = await signedIn('08043000004');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/auth/logout_all',
      headers: { ...webHeaders, cookie: `arrive_at=${b.jar.arrive_at?.replace(/^eyJ/, 'fyJ')}` },
    });
    expect(forged.json()).toMatchObject({ status: 401, type: 'TokenVerificationError' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const expired = await app.inject({
      method: 'POST',
      url: '/api/auth/logout_all',
      headers: { ...webHeaders, cookie: `arrive_at=${b.jar.arrive_at}` },
    });
    expect(expired.json()).toMatchObject({ status: 401, type: 'TokenExpired' });
  });

  it('refuse a mutating call without x-platform', async () => {
    for (const url of ['/api/auth/signup', '/api/auth/login', '/api/auth/opt_confirmation', '/api/auth/logout']) {
      const res = await app.inject({ method: 'POST', url, payload: { phoneNumber: '08010000002', optCode: '123456' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ type: 'Forbidden' });
    }
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=08099999999' });
    expect(outbox.json().messages).toEqual([]);
  });
});
