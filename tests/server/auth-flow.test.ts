import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import { sweepAuthRows } from '../../src/server/modules/auth/otp-service';
import { otpCodes } from '../../src/server/modules/auth/tables';
import { clients } from '../../src/server/modules/client/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, signInAs, webHeaders } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Jar = Record<string, string>;
let addressCounter = 0;

/** A browser: its own cookie jar and its own address, so the per-address limits of one test never reach another. */
function browser() {
  const jar: Jar = {};
  const address = `10.1.0.${++addressCounter}`;
  const cookie = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires.getTime() < Date.now())
      )
        delete jar[c.name];
      else jar[c.name] = c.value;
    }
    return res;
  };
  return {
    jar,
    async post(url: string, payload?: unknown) {
      return keep(
        await app.inject({
          method: 'POST',
          url,
          headers: { ...webHeaders, cookie: cookie(), 'x-forwarded-for': address },
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
      );
    },
    async get(url: string) {
      return keep(await app.inject({ method: 'GET', url, headers: { cookie: cookie(), 'x-forwarded-for': address } }));
    },
    async put(url: string, payload: unknown) {
      return keep(
        await app.inject({
          method: 'PUT',
          url,
          headers: { ...webHeaders, cookie: cookie(), 'x-forwarded-for': address },
          payload: payload as object,
        }),
      );
    },
  };
}
type Browser = ReturnType<typeof browser>;

async function outbox(phone: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
  return (res.json() as { messages: { to: string; body: string; createdAt: string }[] }).messages;
}
async function latestCode(phone: string): Promise<string> {
  const code = (await outbox(phone))[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

async function signUp(b: Browser, phone: string) {
  const res = await b.post('/api/auth/signup', { phoneNumber: phone });
  expect(res.statusCode, res.body).toBe(200);
  const confirm = await b.post('/api/auth/opt_confirmation', { optCode: await latestCode(phone) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm.json().auth as { clientId: string };
}

describe('signup', () => {
  it('creates the client with the phone in both forms, texts a code and signs in on confirmation', async () => {
    const b = browser();
    const signup = await b.post('/api/auth/signup', { phoneNumber: '2348031234567' });
    expect(signup.statusCode).toBe(200);
    const result = signup.json();
    expect(result).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isLogin: false,
      isVerified: false,
      mobileNumber: '08031234567',
      phoneInternational: '2348031234567',
      otpExpiresAt: expect.any(String),
    });
    const [row] = await app.db.select().from(clients).where(eq(clients.id, result.clientId));
    expect(row).toMatchObject({ phoneLocal: '08031234567', phoneInternational: '2348031234567', isVerified: false });
    expect(b.jar.arrive_pv).toBeTruthy();
    expect(b.jar.arrive_at).toBeUndefined();

    // Not signed in before the code is confirmed.
    expect((await b.get('/api/auth/cookie_auth')).statusCode).toBe(401);

    const messages = await outbox('08031234567');
    expect(messages[0]).toMatchObject({ to: '2348031234567' });
    expect(messages[0]?.body).toMatch(/\b\d{6}\b/);

    const confirm = await b.post('/api/auth/opt_confirmation', { optCode: await latestCode('08031234567') });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().auth).toMatchObject({ isLogin: true, isVerified: true, clientId: result.clientId });
    expect(b.jar.arrive_pv).toBeUndefined();
    expect(b.jar.arrive_at).toBeTruthy();
    expect(b.jar.arrive_rt).toBeTruthy();

    const me = await b.get('/api/auth/cookie_auth');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      auth: {
        isLogin: true,
        isVerified: true,
        clientId: result.clientId,
        client: {
          id: result.clientId,
          phoneLocal: '08031234567',
          phoneInternational: '2348031234567',
          firstname: null,
          lastname: null,
          email: null,
          staff: null,
        },
      },
    });
  });

  it('refuses a number that already has an account, in either form (UserExist)', async () => {
    const b = browser();
    for (const phoneNumber of ['08010000002', '2348010000002']) {
      const res = await b.post('/api/auth/signup', { phoneNumber });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ type: 'UserExist', status: 409 });
    }
    expect(await app.db.select().from(clients).where(eq(clients.phoneLocal, '08010000002'))).toHaveLength(1);
  });

  it('lets an unconfirmed signup start again: the same client, a new code, the old code closed', async () => {
    const b = browser();
    const first = (await b.post('/api/auth/signup', { phoneNumber: '08031110000' })).json();
    const oldCode = await latestCode('08031110000');
    const again = await b.post('/api/auth/signup', { phoneNumber: '08031110000' });
    expect(again.statusCode).toBe(200);
    expect(again.json().clientId).toBe(first.clientId);
    const newCode = await latestCode('08031110000');
    expect(await outbox('08031110000')).toHaveLength(2);
    if (oldCode !== newCode) {
      const stale = await b.post('/api/auth/opt_confirmation', { optCode: oldCode });
      expect(stale.json().type).toBe('InvalidOTPCode');
    }
    expect((await b.post('/api/auth/opt_confirmation', { optCode: newCode })).statusCode).toBe(200);
  });

  it('answers a malformed number with a 400 error object and creates nothing', async () => {
    const b = browser();
    const before = (await app.db.select().from(clients)).length;
    for (const phoneNumber of ['0803123456', '1234567890123', '0803123456a', '']) {
      const res = await b.post('/api/auth/signup', { phoneNumber });
      expect(res.statusCode).toBe(400);
      expect(isErrorObject(res.json())).toBe(true);
    }
    expect((await b.post('/api/auth/signup', {})).statusCode).toBe(400);
    expect((await app.db.select().from(clients)).length).toBe(before);
  });
});

describe('login', () => {
  it('texts a code to an existing account and signs in with it', async () => {
    const b = browser();
    const login = await b.post('/api/auth/login', { phoneNumber: '2348010000002' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isVerified: true, mobileNumber: '08010000002' });
    const confirm = await b.post('/api/auth/opt_confirmation', { optCode: await latestCode('08010000002') });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().auth.client).toMatchObject({ firstname: 'Bola', lastname: 'Adeyemi' });
  });

  it('answers an unknown number with NoUserFound and sends nothing', async () => {
    const b = browser();
    const res = await b.post('/api/auth/login', { phoneNumber: '08039999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'NoUserFound' });
    expect(await outbox('08039999999')).toHaveLength(0);
  });

  it('gives staff their staff record and working shift in the auth object', async () => {
    const b = browser();
    await b.post('/api/auth/login', { phoneNumber: '08010000001' });
    await b.post('/api/auth/opt_confirmation', { optCode: await latestCode('08010000001') });
    const before = (await b.get('/api/auth/cookie_auth')).json().auth;
    expect(before.client.staff).toMatchObject({ role: 'CEO', access: ['CEO'], isCurrentStaff: true, shift: null });
    await app.db.insert(shifts).values({ staffId: before.client.staff.id });
    const after = (await b.get('/api/auth/cookie_auth')).json().auth;
    expect(after.client.staff.shift).toEqual({ id: expect.any(String), workingNow: true });
    await app.db.delete(shifts).where(eq(shifts.staffId, before.client.staff.id));
    const [member] = await app.db.select().from(staff).where(eq(staff.id, before.client.staff.id));
    expect(member?.clientId).toBe(before.clientId);
  });
});

describe('code requests', () => {
  it('resends to the number awaiting verification with an empty payload', async () => {
    const b = browser();
    await b.post('/api/auth/login', { phoneNumber: '08010000003' });
    const resend = await b.post('/api/auth/opt_request', {});
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ mobileNumber: '08010000003' });
    const noBody = await b.post('/api/auth/opt_request');
    expect(noBody.statusCode).toBe(200);
    const confirm = await b.post('/api/auth/opt_confirmation', { optCode: await latestCode('08010000003') });
    expect(confirm.statusCode).toBe(200);
  });

  it('asks for the number when there is no verification in progress (MobileNumberMissing)', async () => {
    const b = browser();
    const res = await b.post('/api/auth/opt_request', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'MobileNumberMissing' });
    const confirm = await b.post('/api/auth/opt_confirmation', { optCode: '123456' });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ type: 'MobileNumberMissing' });
  });

  it('sends to a named number; its code signs in only the browser that asked, never a caller naming the number', async () => {
    const b = browser();
    const res = await b.post('/api/auth/opt_request', { mobileNumber: '08010000002' });
    expect(res.statusCode).toBe(200);
    const code = await latestCode('08010000002');
    // Naming the number is not enough without the sign-in it belongs to (it was the way anyone
    // could spend someone else's tries): refused, and the code stays good.
    const cookieless = await app.inject({
      method: 'POST',
      url: '/api/auth/opt_confirmation',
      headers: webHeaders,
      payload: { optCode: code, mobileNumber: '2348010000002' },
    });
    expect(cookieless.statusCode).toBe(400);
    expect(cookieless.json()).toMatchObject({ type: 'MobileNumberMissing' });
    const confirm = await b.post('/api/auth/opt_confirmation', { optCode: code, mobileNumber: '2348010000002' });
    expect(confirm.statusCode).toBe(200);
    const unknown = await b.post('/api/auth/opt_request', { mobileNumber: '08030000404' });
    expect(unknown.json()).toMatchObject({ type: 'NoUserFound' });
  });

  it('opt_by_client resends only for the verification started in this browser', async () => {
    const b = browser();
    const { clientId } = (await b.post('/api/auth/login', { phoneNumber: '08010000002' })).json();
    const sent = (await outbox('08010000002')).length;
    const stranger = browser();
    const refused = await stranger.post('/api/auth/opt_by_client', { clientId });
    expect(refused.statusCode).toBe(403);
    expect(await outbox('08010000002')).toHaveLength(sent);
    const allowed = await b.post('/api/auth/opt_by_client', { clientId });
    expect(allowed.statusCode).toBe(200);
    expect(await outbox('08010000002')).toHaveLength(sent + 1);
  });

  it('keeps the outbox newest first and filters by either form of the phone', async () => {
    const b = browser();
    await b.post('/api/auth/signup', { phoneNumber: '08035550001' });
    await b.post('/api/auth/opt_request', {});
    const local = await outbox('08035550001');
    const international = await outbox('2348035550001');
    expect(local).toEqual(international);
    expect(local).toHaveLength(2);
    expect(local.every((m) => m.to === '2348035550001')).toBe(true);
    expect(Date.parse(local[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(local[1]?.createdAt ?? ''));
    expect(local[0]?.body).toContain(await latestCode('08035550001'));
    const all = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(all.json().messages.length).toBeGreaterThan(local.length);
  });
});

describe('sessions', () => {
  it('logout revokes the session: the refresh token no longer works', async () => {
    const b = browser();
    await signUp(b, '08036660001');
    const refreshToken = b.jar.arrive_rt;
    const out = await b.post('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(b.jar.arrive_at).toBeUndefined();
    expect(b.jar.arrive_rt).toBeUndefined();
    const replay = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh_token',
      headers: webHeaders,
      payload: { refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect((await b.get('/api/auth/cookie_auth')).json()).toMatchObject({ type: 'CookiesAuthFailed' });
  });

  it('cookie_auth refreshes a session whose access cookie is gone', async () => {
    const b = browser();
    const auth = await signUp(b, '08036660002');
    delete b.jar.arrive_at;
    const me = await b.get('/api/auth/cookie_auth');
    expect(me.statusCode).toBe(200);
    expect(me.json().auth.clientId).toBe(auth.clientId);
    expect(b.jar.arrive_at).toBeTruthy();
  });

  it('logout_all signs every device out', async () => {
    const phone = '08036660003';
    const first = browser();
    await signUp(first, phone);
    const second = browser();
    await second.post('/api/auth/login', { phoneNumber: phone });
    await second.post('/api/auth/opt_confirmation', { optCode: await latestCode(phone) });
    expect((await first.get('/api/auth/cookie_auth')).statusCode).toBe(200);
    const res = await second.post('/api/auth/logout_all');
    expect(res.statusCode).toBe(200);
    const firstAgain = await first.get('/api/auth/cookie_auth');
    expect(firstAgain.statusCode).toBe(401);
    expect((await browser().post('/api/auth/logout_all')).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('shows and edits the name and email, never the phone', async () => {
    const b = browser();
    await signUp(b, '08037770001');
    const empty = await b.get('/api/auth/profile');
    expect(empty.json()).toEqual({
      firstname: null,
      lastname: null,
      email: null,
      phoneLocal: '08037770001',
      phoneInternational: '2348037770001',
    });
    const saved = await b.put('/api/auth/profile', {
      firstname: ' Ada ',
      lastname: 'Obi',
      email: 'Ada@Example.com',
      phoneLocal: '08099999999',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'ada@example.com',
      phoneLocal: '08037770001',
    });
    expect((await b.get('/api/auth/cookie_auth')).json().auth.client).toMatchObject({ firstname: 'Ada' });

    const bad = await b.put('/api/auth/profile', { firstname: 'Ada', lastname: 'Obi', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('InvalidInput');
    expect((await b.get('/api/auth/profile')).json().email).toBe('ada@example.com');

    // One field saved on its own (another phone saved the email meanwhile): the rest stays.
    const lastOnly = await b.put('/api/auth/profile', { lastname: 'Obi-Cole' });
    expect(lastOnly.json()).toMatchObject({ firstname: 'Ada', lastname: 'Obi-Cole', email: 'ada@example.com' });
    expect((await b.put('/api/auth/profile', {})).json()).toMatchObject({ lastname: 'Obi-Cole' });

    const cleared = await b.put('/api/auth/profile', { firstname: '', lastname: 'Obi', email: '' });
    expect(cleared.json()).toMatchObject({ firstname: null, email: null });
  });

  it('is for signed-in clients only and each sees only their own', async () => {
    expect((await browser().get('/api/auth/profile')).statusCode).toBe(401);
    const someone = await signInAs(app, '08037770002');
    const res = await injectAs(app, someone, { method: 'GET', url: '/api/auth/profile' });
    expect(res.json().phoneLocal).toBe('08037770002');
  });
});

describe('housekeeping', () => {
  it('sweeps codes older than a day and keeps recent ones', async () => {
    const b = browser();
    const { clientId } = (await b.post('/api/auth/signup', { phoneNumber: '08038880001' })).json();
    await sweepAuthRows(app.db);
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.clientId, clientId))).toHaveLength(1);
    await sweepAuthRows(app.db, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.clientId, clientId))).toHaveLength(0);
  });

  it('documents every auth call in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const documented = Object.keys(res.json().paths);
    for (const action of [
      'signup',
      'login',
      'opt_request',
      'opt_confirmation',
      'opt_by_client',
      'cookie_auth',
      'refresh_token',
      'logout',
      'logout_all',
      'profile',
    ]) {
      expect(documented).toContain(`/api/auth/${action}`);
    }
    expect(documented).toContain('/api/dev/outbox');
  });
});
