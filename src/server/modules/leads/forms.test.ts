import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '../../../domain/errors';
import { leadMessages } from '../../../domain/schemas/leads';
import { buildTestApp, injectAs, signInAs } from '../../test-utils/test-app';
import { verifyPassword } from './password-hash';
import { LEAD_RATE_LIMIT } from './routes';
import { leads } from './tables';

let app: FastifyInstance;
let nextAddress = 1;
/** Each test speaks from its own address, so the per-address rate limit only bites where a test wants it. */
const fromNewAddress = () => ({ 'x-forwarded-for': `10.0.0.${nextAddress++}` });

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const interest = (payload: Record<string, unknown>, headers: Record<string, string> = fromNewAddress()) =>
  injectAs(app, null, { method: 'POST', url: '/api/leads/interest', payload, headers });
const application = (payload: Record<string, unknown>, headers: Record<string, string> = fromNewAddress()) =>
  injectAs(app, null, { method: 'POST', url: '/api/leads/application', payload, headers });

const rowsFor = (phone: string) => app.db.select().from(leads).where(eq(leads.phone, phone));

describe('register interest', () => {
  it('stores a partner lead with the phone in its local form', async () => {
    const res = await interest({
      service: 'restaurant-partner',
      name: '  Ada Obi ',
      phone: '2348031110001',
      city: 'Lagos',
      businessName: 'Mama Put Kitchen',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'interest', service: 'restaurant-partner' });
    const rows = await rowsFor('08031110001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Obi', city: 'Lagos', businessName: 'Mama Put Kitchen' });
  });

  it('refuses a partner lead without a business name and stores nothing', async () => {
    const res = await interest({ service: 'grocery-partner', name: 'Bola', phone: '08031110002', city: 'Ibadan' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'InvalidInput', status: 400, message: leadMessages.businessName });
    expect(await rowsFor('08031110002')).toHaveLength(0);
  });

  it('does not ask customers for a business name', async () => {
    const res = await interest({ service: 'ride', name: 'Chidi', phone: '08031110003', city: 'Abuja' });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ phone: '06031110004' }, leadMessages.phone],
    [{ phone: '0803111000' }, leadMessages.phone],
    [{ name: 'A' }, leadMessages.name],
    [{ city: '' }, leadMessages.city],
  ])('refuses %o with a clear message', async (override, message) => {
    const res = await interest({ service: 'ride', name: 'Chidi', phone: '08031110005', city: 'Abuja', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'InvalidInput', message });
  });

  it('refuses an unknown service', async () => {
    const res = await interest({ service: 'moon-delivery', name: 'Chidi', phone: '08031110006', city: 'Abuja' });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('InvalidInput');
    expect(await rowsFor('08031110006')).toHaveLength(0);
  });

  it('keeps one lead when the same visitor submits the same page twice', async () => {
    const body = { service: 'home-delivery', name: 'Dayo', phone: '08031110007', city: 'Kano' };
    const first = await interest(body);
    const second = await interest({ ...body, city: 'Kaduna' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await rowsFor('08031110007');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.city).toBe('Kaduna');
  });
});

describe('rider and driver applications', () => {
  const valid = {
    role: 'driver',
    fullName: 'Emeka Eze',
    email: 'Emeka@Example.com',
    phoneNumber: '08031110010',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };

  it('stores the application with the password only as a salted scrypt hash', async () => {
    const res = await application(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'application', service: 'driver' });
    const [row] = await rowsFor('08031110010');
    expect(row).toMatchObject({ name: 'Emeka Eze', email: 'emeka@example.com', kind: 'application' });
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(row)).not.toContain(valid.password);
    expect(await verifyPassword(valid.password, row?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('wrong password', row?.passwordHash ?? '')).toBe(false);
  });

  it('salts: the same password gives different hashes', async () => {
    await application({ ...valid, role: 'rider', phoneNumber: '08031110011' });
    await application({ ...valid, role: 'rider', phoneNumber: '08031110012' });
    const [a] = await rowsFor('08031110011');
    const [b] = await rowsFor('08031110012');
    expect(a?.passwordHash).toBeTruthy();
    expect(a?.passwordHash).not.toBe(b?.passwordHash);
  });

  it.each([
    [{ fullName: '' }, userMessages.riderMissingFields],
    [{ email: '   ' }, userMessages.riderMissingFields],
    [{ phoneNumber: '' }, userMessages.riderMissingFields],
    [{ password: '', confirmPassword: '' }, userMessages.riderMissingFields],
    [{ confirmPassword: 'something else' }, userMessages.riderPasswordMismatch],
    [{ email: 'not-an-email' }, leadMessages.email],
    [{ phoneNumber: '12345' }, leadMessages.phone],
    [{ password: 'short', confirmPassword: 'short' }, leadMessages.passwordLength],
  ])('refuses %o with the message of the sign-up screen', async (override, message) => {
    const res = await application({ ...valid, phoneNumber: '08031110013', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'InvalidInput', status: 400, message });
    expect(await rowsFor('08031110013')).toHaveLength(0);
  });

  it('answers Conflict for a second application from the same phone, and keeps the first', async () => {
    const body = { ...valid, phoneNumber: '08031110014' };
    expect((await application(body)).statusCode).toBe(201);
    const again = await application({ ...body, fullName: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'Conflict', message: leadMessages.applicationExists });
    const rows = await rowsFor('08031110014');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Emeka Eze');
  });

  it('replays the first answer for a retried request with the same Idempotency-Key', async () => {
    const headers = { ...fromNewAddress(), 'idempotency-key': 'signup-retry-1' };
    const body = { ...valid, phoneNumber: '08031110015' };
    const first = await application(body, headers);
    const retry = await application(body, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await rowsFor('08031110015')).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it(`answers RateLimited after ${LEAD_RATE_LIMIT.max} submissions from one address, across both forms`, async () => {
    const headers = fromNewAddress();
    for (let i = 0; i < LEAD_RATE_LIMIT.max; i++) {
      const res =
        i % 2 === 0
          ? await interest({ service: 'ride', name: 'Funmi', phone: `0803222000${i}`, city: 'Lagos' }, headers)
          : await application(
              {
                role: 'rider',
                fullName: 'Funmi',
                email: 'f@example.com',
                phoneNumber: `0803222000${i}`,
                password: 'long enough pw',
                confirmPassword: 'long enough pw',
              },
              headers,
            );
      expect(res.statusCode).toBe(201);
    }
    const refused = await interest({ service: 'ride', name: 'Funmi', phone: '08032220099', city: 'Lagos' }, headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'RateLimited', status: 429, message: leadMessages.rateLimited });
    expect(await rowsFor('08032220099')).toHaveLength(0);
    // Another address is not affected.
    const other = await interest({ service: 'ride', name: 'Funmi', phone: '08032220098', city: 'Lagos' });
    expect(other.statusCode).toBe(201);
  });
});

describe('staff listing', () => {
  it('lists the leads for the CEO, newest first, without password hashes', async () => {
    const ceo = await signInAs(app, '08010000001');
    const res = await injectAs(app, ceo, { method: 'GET', url: '/api/leads?limit=200' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(10);
    expect(body.leads.length).toBe(body.total);
    const times = body.leads.map((l: { createdAt: string }) => Date.parse(l.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(JSON.stringify(body)).not.toContain('scrypt');
    expect(body.leads[0]).not.toHaveProperty('passwordHash');
  });

  it('filters by kind and service', async () => {
    const ceo = await signInAs(app, '08010000001');
    const res = await injectAs(app, ceo, { method: 'GET', url: '/api/leads?kind=application&service=driver' });
    expect(res.statusCode).toBe(200);
    const { leads: list } = res.json();
    expect(list.length).toBeGreaterThan(0);
    for (const lead of list) expect(lead).toMatchObject({ kind: 'application', service: 'driver' });
  });

  it('refuses staff without Manager or CEO access', async () => {
    const associate = await signInAs(app, '08010000003');
    const res = await injectAs(app, associate, { method: 'GET', url: '/api/leads' });
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe('Forbidden');
  });

  it('refuses a client who is not staff, and a visitor', async () => {
    const client = await signInAs(app, '08010000002');
    expect((await injectAs(app, client, { method: 'GET', url: '/api/leads' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/leads' })).statusCode).toBe(401);
  });
});
