// Played as the attacker: someone who knows a client's phone number, and nothing else, tries to
// keep that client from signing in. They may call every sign-in route from as many addresses as
// they like, with no cookie, with a forged one or with the cookie of a sign-in they started
// themselves; the client, on their own device, must still receive a code and sign in with it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import { OTP_MAX_ATTEMPTS, OTP_SENDS_PER_ADDRESS_PER_PHONE } from '../../src/server/modules/auth/limits';
import { otpCodes } from '../../src/server/modules/auth/tables';
import { clients } from '../../src/server/modules/client/tables';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A device: its own cookie jar and its own address. */
function device(address: string) {
  const jar: Record<string, string> = {};
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) delete jar[c.name];
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
    address,
    post: async (url: string, payload: object = {}) =>
      keep(
        await app.inject({
          method: 'POST',
          url,
          headers: { ...webHeaders, cookie: cookie(), 'x-forwarded-for': address },
          payload,
        }),
      ),
  };
}

/** A call with no cookie at all, from `address`. */
const bare = (address: string, url: string, payload: object, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...webHeaders, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    payload,
  });

async function codesSentTo(phone: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
  return (res.json().messages as { body: string }[]).map((m) => m.body.match(/\b(\d{6})\b/)?.[1] ?? '');
}
async function latestCode(phone: string): Promise<string> {
  const [code] = await codesSentTo(phone);
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}
/** A guess the attacker makes: certainly none of the codes this phone was ever sent. */
async function wrongGuess(phone: string, n: number): Promise<string> {
  const sent = new Set(await codesSentTo(phone));
  let guess = n;
  while (sent.has(String(guess % 1_000_000).padStart(6, '0'))) guess += 7919;
  return String(guess % 1_000_000).padStart(6, '0');
}

async function existingClient(phone: string): Promise<string> {
  const [row] = await app.db
    .insert(clients)
    .values({ phoneLocal: phone, phoneInternational: `234${phone.slice(1)}`, isVerified: true })
    .returning({ id: clients.id });
  if (!row) throw new Error('no client');
  return row.id;
}

/** Everything the server keeps about the client's codes: what a counter or a burnt code would change. */
const codeRows = (clientId: string) =>
  app.db
    .select({
      id: otpCodes.id,
      attempts: otpCodes.attempts,
      closedAt: otpCodes.closedAt,
      closedReason: otpCodes.closedReason,
    })
    .from(otpCodes)
    .where(eq(otpCodes.clientId, clientId))
    .orderBy(otpCodes.createdAt);

const ATTACKER_ADDRESSES = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '198.51.100.7', '2001:db8::66'];

describe('an attacker who knows only the phone number', () => {
  it('cannot keep the client from signing in, however often they ask for codes and guess', async () => {
    const phone = '08045000001';
    await existingClient(phone);
    const victim = device('192.0.2.1');
    expect((await victim.post('/api/auth/login', { phoneNumber: phone })).statusCode).toBe(200);
    const victimCode = await latestCode(phone);

    let guesses = 0;
    for (const address of ATTACKER_ADDRESSES) {
      const attacker = device(address);
      // Asks again and again for codes to the victim's number (most are refused: fine).
      for (let i = 0; i < 12; i++) await attacker.post('/api/auth/login', { phoneNumber: phone });
      for (let i = 0; i < 8; i++) {
        // No cookie, naming the victim's number; no cookie and no number; their own sign-in's cookie,
        // with and without the victim's number.
        await bare(address, '/api/auth/opt_confirmation', {
          optCode: await wrongGuess(phone, ++guesses),
          mobileNumber: phone,
        });
        await bare(address, '/api/auth/opt_confirmation', { optCode: await wrongGuess(phone, ++guesses) });
        await attacker.post('/api/auth/opt_confirmation', {
          optCode: await wrongGuess(phone, ++guesses),
          mobileNumber: phone,
        });
        await attacker.post('/api/auth/opt_confirmation', { optCode: await wrongGuess(phone, ++guesses) });
      }
      expect(attacker.jar.arrive_at).toBeUndefined();
    }

    // The code the victim already has still signs them in.
    const confirmed = await victim.post('/api/auth/opt_confirmation', { optCode: victimCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(victim.jar.arrive_at).toBeTruthy();

    // And a sign-in started after the attack still gets its code and signs in.
    const later = device('192.0.2.1');
    const login = await later.post('/api/auth/login', { phoneNumber: phone });
    expect(login.statusCode, login.body).toBe(200);
    const resent = await later.post('/api/auth/opt_request', {});
    expect(resent.statusCode, resent.body).toBe(200);
    const again = await later.post('/api/auth/opt_confirmation', { optCode: await latestCode(phone) });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("burns only their own sign-in's code after 5 wrong tries; the client's sign-in is untouched", async () => {
    const phone = '08045000002';
    await existingClient(phone);
    const victim = device('192.0.2.2');
    await victim.post('/api/auth/login', { phoneNumber: phone });
    const victimCode = await latestCode(phone);

    const attacker = device('203.0.113.20');
    expect((await attacker.post('/api/auth/login', { phoneNumber: phone })).statusCode).toBe(200);
    const attackersCode = await latestCode(phone); // texted to the victim: the attacker never sees it
    const left: number[] = [];
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const res = await attacker.post('/api/auth/opt_confirmation', { optCode: await wrongGuess(phone, i) });
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('InvalidOTPCode');
      left.push(res.json().additionalInfo.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    // Burnt: even the right code of that sign-in, or the victim's code, does nothing for the attacker.
    for (const optCode of [attackersCode, victimCode]) {
      const res = await attacker.post('/api/auth/opt_confirmation', { optCode });
      expect(res.statusCode).toBe(400);
      expect(attacker.jar.arrive_at).toBeUndefined();
    }

    const signedIn = await victim.post('/api/auth/opt_confirmation', { optCode: victimCode });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('is refused, with nothing counted, when confirming without the sign-in the code belongs to', async () => {
    const phone = '08045000003';
    const victimId = await existingClient(phone);
    const victim = device('192.0.2.3');
    await victim.post('/api/auth/login', { phoneNumber: phone });
    const victimCode = await latestCode(phone);
    const before = await codeRows(victimId);
    expect(before).toHaveLength(1);

    // The attacker's own sign-in, for another number: a valid cookie, but not the victim's.
    const own = device('203.0.113.30');
    await existingClient('08045000004');
    await own.post('/api/auth/login', { phoneNumber: '08045000004' });
    const forgedPayload = Buffer.from(
      JSON.stringify({ typ: 'pending', sub: victimId, exp: Date.now() + 60_000 }),
    ).toString('base64url');
    const forged = `arrive_pv=${forgedPayload}.${own.jar.arrive_pv?.split('.')[1]}`;

    const refusals = [
      // No cookie, the victim's number, and even the victim's right code.
      await bare('203.0.113.31', '/api/auth/opt_confirmation', { optCode: victimCode, mobileNumber: phone }),
      await bare('203.0.113.31', '/api/auth/opt_confirmation', {
        optCode: await wrongGuess(phone, 1),
        mobileNumber: `234${phone.slice(1)}`,
      }),
      await bare('203.0.113.31', '/api/auth/opt_confirmation', { optCode: await wrongGuess(phone, 2) }),
      // A pending cookie rewritten to name the victim.
      await bare('203.0.113.32', '/api/auth/opt_confirmation', { optCode: victimCode }, forged),
      await bare('203.0.113.32', '/api/auth/opt_confirmation', { optCode: await wrongGuess(phone, 3) }, forged),
      // The attacker's own valid sign-in, naming the victim's number.
      await own.post('/api/auth/opt_confirmation', { optCode: victimCode, mobileNumber: phone }),
      await own.post('/api/auth/opt_confirmation', { optCode: await wrongGuess(phone, 4), mobileNumber: phone }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(isErrorObject(res.json())).toBe(true);
      expect(res.cookies.find((c) => c.name === 'arrive_at')).toBeUndefined();
    }
    expect(await codeRows(victimId)).toEqual(before);

    const signedIn = await victim.post('/api/auth/opt_confirmation', { optCode: victimCode });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('cannot use up the sends of a number from one address, nor from a handful', async () => {
    const phone = '08045000005';
    await existingClient(phone);
    const statusesByAddress: number[][] = [];
    for (const address of ATTACKER_ADDRESSES) {
      const attacker = device(address);
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        // Both ways of asking for a code to a number.
        const res =
          i % 2 === 0
            ? await attacker.post('/api/auth/login', { phoneNumber: phone })
            : await bare(address, '/api/auth/opt_request', { mobileNumber: phone });
        statuses.push(res.statusCode);
      }
      statusesByAddress.push(statuses);
    }
    // One machine holding an IPv6 /64, using a new address of it for every call, counts once.
    const fromOneBlock: number[] = [];
    for (let i = 1; i <= 15; i++) {
      const address = `2001:db8:77:1::${i.toString(16)}`;
      fromOneBlock.push((await bare(address, '/api/auth/login', { phoneNumber: phone })).statusCode);
    }
    const victim = device('192.0.2.5');
    const login = await victim.post('/api/auth/login', { phoneNumber: phone });
    expect(login.statusCode, login.body).toBe(200);
    const signedIn = await victim.post('/api/auth/opt_confirmation', { optCode: await latestCode(phone) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Each attacking address was stopped after a few codes to this number.
    for (const statuses of [...statusesByAddress, fromOneBlock]) {
      expect(statuses.filter((s) => s === 200)).toHaveLength(OTP_SENDS_PER_ADDRESS_PER_PHONE);
      expect(statuses.at(-1)).toBe(429);
    }
  });

  it('cannot slip past the count by asking for many codes at the same moment', async () => {
    const phone = '08045000006';
    await existingClient(phone);
    const burst = await Promise.all(
      Array.from({ length: 15 }, () => bare('203.0.113.60', '/api/auth/login', { phoneNumber: phone })),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(OTP_SENDS_PER_ADDRESS_PER_PHONE);
    expect(await codesSentTo(phone)).toHaveLength(OTP_SENDS_PER_ADDRESS_PER_PHONE);
  });
});
