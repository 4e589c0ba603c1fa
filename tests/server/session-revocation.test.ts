// Signing out is immediate where money moves: once a session is revoked (logout, sign out of every
// device, a reused refresh token), its access token, still signed and unexpired, is refused at
// once with 401 on every guarded route (payments, orders, the profile, staff routes), while the
// client's other sessions keep working.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';
import { clientIdOf } from './support/personas';
import {
  type Device,
  exchangedLongAgo,
  expectRefused,
  expectServed,
  makeManagerOnShift,
} from './support/revocation-calls';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

let addressCounter = 0;

/** Signs in on a new device through the real flow: a code texted to the phone, then confirmed. */
async function signInWithCode(phone: string): Promise<Device> {
  const headers = { ...webHeaders, 'x-forwarded-for': `10.7.0.${++addressCounter}` };
  const known = await clientIdOf(app, phone);
  const started = await app.inject({
    method: 'POST',
    url: known ? '/api/auth/login' : '/api/auth/signup',
    headers,
    payload: { phoneNumber: phone },
  });
  expect(started.statusCode, started.body).toBe(200);
  const pending = started.cookies.find((c) => c.name === 'arrive_pv')?.value;
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
  const code = outbox.json().messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/auth/opt_confirmation',
    headers: { ...headers, cookie: `arrive_pv=${pending}` },
    payload: { optCode: code },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const accessToken = confirmed.cookies.find((c) => c.name === 'arrive_at')?.value;
  const refreshToken = confirmed.cookies.find((c) => c.name === 'arrive_rt')?.value;
  const clientId = await clientIdOf(app, phone);
  if (!accessToken || !refreshToken || !clientId) throw new Error('the sign-in set no session');
  return { clientId, accessToken, refreshToken };
}

const authPost = (device: Device, url: string, cookie = `arrive_at=${device.accessToken}`) =>
  app.inject({ method: 'POST', url, headers: { ...webHeaders, cookie } });

describe('a revoked session', () => {
  it('is refused at once after logout, while the same client on another device keeps working', async () => {
    const phone = '08047000001';
    const laptop = await signInWithCode(phone);
    const phoneApp = await signInWithCode(phone);
    await makeManagerOnShift(app, laptop.clientId);
    // Both are served first, so this instance has just found the laptop's session alive.
    expect(await expectServed(app, laptop)).toEqual([]);
    expect(await expectServed(app, phoneApp)).toEqual([]);

    const out = await authPost(
      laptop,
      '/api/auth/logout',
      `arrive_at=${laptop.accessToken}; arrive_rt=${laptop.refreshToken}`,
    );
    expect(out.statusCode).toBe(200);

    expect(await expectRefused(app, laptop)).toEqual([]);
    expect(await expectServed(app, phoneApp)).toEqual([]);
  });

  it('is refused at once on every device after "sign out of every device"; other clients and a new sign-in are served', async () => {
    const phone = '08047000002';
    const laptop = await signInWithCode(phone);
    const phoneApp = await signInWithCode(phone);
    const someoneElse = await signInWithCode('08047000003');
    await makeManagerOnShift(app, laptop.clientId);
    await makeManagerOnShift(app, someoneElse.clientId);
    expect(await expectServed(app, laptop)).toEqual([]);
    expect(await expectServed(app, phoneApp)).toEqual([]);

    expect((await authPost(phoneApp, '/api/auth/logout_all')).statusCode).toBe(200);

    expect(await expectRefused(app, laptop)).toEqual([]);
    expect(await expectRefused(app, phoneApp)).toEqual([]);
    expect(await expectServed(app, someoneElse)).toEqual([]);
    expect(await expectServed(app, await signInWithCode(phone))).toEqual([]);
  });

  it('is refused at once when a reused refresh token revokes its family, the other device keeps working', async () => {
    const phone = '08047000004';
    const laptop = await signInWithCode(phone);
    const phoneApp = await signInWithCode(phone);
    await makeManagerOnShift(app, laptop.clientId);

    const rotated = await authPost(laptop, '/api/auth/refresh_token', `arrive_rt=${laptop.refreshToken}`);
    expect(rotated.statusCode).toBe(200);
    const renewed: Device = {
      clientId: laptop.clientId,
      accessToken: rotated.cookies.find((c) => c.name === 'arrive_at')?.value ?? '',
    };
    // A rotation is no revocation: the old access token lives on until it expires.
    expect(await expectServed(app, laptop)).toEqual([]);
    expect(await expectServed(app, renewed)).toEqual([]);

    // A copy of the first refresh token comes back later: the whole family is revoked.
    await exchangedLongAgo(app);
    const reuse = await authPost(laptop, '/api/auth/refresh_token', `arrive_rt=${laptop.refreshToken}`);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ additionalInfo: { reason: 'reused' } });

    expect(await expectRefused(app, laptop)).toEqual([]);
    expect(await expectRefused(app, renewed)).toEqual([]);
    expect(await expectServed(app, phoneApp)).toEqual([]);
  });

  it('answers the error object that tells the web app to sign in again', async () => {
    const device = await signInWithCode('08047000005');
    await authPost(device, '/api/auth/logout');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { ...webHeaders, cookie: `arrive_at=${device.accessToken}` },
      payload: { firstname: 'Mallory' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      type: 'TokenVerificationError',
      status: 401,
      message: expect.any(String),
      additionalInfo: { reason: 'revoked' },
    });
  });
});

describe('a sign-out sent late by a device that had no network', () => {
  it('signs out its author, by the refresh cookie once the access has expired, and never a colleague signed in since', async () => {
    const author = await signInWithCode('08047000011');
    const colleague = await signInWithCode('08047000012');
    const lateLogout = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...webHeaders, cookie, 'x-arrive-acting-client': author.clientId },
      });
    // The colleague signed in on the tablet before the queued sign-out reached the server: kept.
    const refused = await lateLogout(`arrive_at=${colleague.accessToken}; arrive_rt=${colleague.refreshToken}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ additionalInfo: { reason: 'ActingClientMismatch' } });
    const stillIn = await app.inject({
      method: 'GET',
      url: '/api/order/client',
      headers: { ...webHeaders, cookie: `arrive_at=${colleague.accessToken}` },
    });
    expect(stillIn.statusCode, stillIn.body).toBe(200);
    // The author's own session, its access expired (only the refresh cookie left): signed out.
    const signedOut = await lateLogout(`arrive_rt=${author.refreshToken}`);
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(await expectRefused(app, author)).toEqual([]);
  });
});
