// What an attacker meets when a request carries a string PostgreSQL cannot store: a NUL (`%00` in
// the path or the query, `\u0000` in JSON), a lone UTF-16 surrogate (`"\ud800"` parses into one,
// and the drivers would quietly store U+FFFD), a percent-encoding or body bytes that are not
// UTF-8. Every such request — reads and writes that move money alike — is a 400 with the error
// object naming the field, and nothing in the database changes. Valid text still goes through.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorType, isErrorObject } from '../../src/domain/errors';
import { socketAckSchema } from '../../src/domain/realtime-events';
import { clients } from '../../src/server/modules/client/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';
import { placeOrder, postWebhook } from './payment-support';
import { changedTables, snapshotTables, type TableSnapshot } from './support/db-snapshot';
import { createPersonas } from './support/personas';

let app: FastifyInstance;
let client: Session;
/** A sales associate on a shift: an insider reaches the staff routes. */
let staff: Session;
let orderNumber: string;
let orderId: string;

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08030000031');
  const personas = await createPersonas(app);
  if (!personas.staffOnShift) throw new Error('no staff on a shift');
  staff = personas.staffOnShift;
  const order = await placeOrder(app, client);
  orderNumber = order.orderNumber;
  orderId = order.id;
});
afterAll(async () => {
  await app?.close();
});

/** Sends the request and checks it was refused as bad input naming `field`, with no table changed. */
async function expectRefused(field: string, send: () => Promise<LightMyRequestResponse>) {
  const before: TableSnapshot = await snapshotTables(app.db);
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(isErrorObject(body), res.body).toBe(true);
  expect(body.type).toBe(ErrorType.InvalidInput);
  expect(body.status).toBe(400);
  expect(body.message).toContain(field);
  expect(body.additionalInfo).toEqual([expect.objectContaining({ field })]);
  expect(changedTables(before, await snapshotTables(app.db))).toEqual([]);
  return body as { message: string };
}

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  injectAs(app, client, {
    method,
    url,
    headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload) }
      : {}),
  });

const searchAsStaff = (query: string) =>
  injectAs(app, staff, { method: 'GET', url: `/api/order/with_client/search?${query}` });

const firstnameOf = async () =>
  (await app.db.select({ firstname: clients.firstname }).from(clients).where(eq(clients.id, client.clientId)))[0]
    ?.firstname;

describe('a NUL in a JSON body', () => {
  it('is refused by the routes that move money, naming the field', async () => {
    await expectRefused('body.orderNumber', () => send('POST', '/api/payment/wallet', { orderNumber: 'AR\u0000' }));
    await expectRefused('body.orderNumber', () =>
      send('POST', '/api/payment/initiate/order', { orderNumber: `${orderNumber}\u0000` }),
    );
    await expectRefused('body.paymentReference', () =>
      send('POST', '/api/wallet/verify_payment', { paymentReference: 'ref\u0000' }),
    );
  });

  it('is refused by the profile update, which keeps the name it had', async () => {
    const name = await firstnameOf();
    const body = await expectRefused('body.firstname', () =>
      send('PUT', '/api/auth/profile', { firstname: 'Ada\u0000', lastname: null, email: null }),
    );
    expect(body.message).toMatch(/NUL/);
    expect(await firstnameOf()).toBe(name);
  });

  it('is refused deep inside the body and in a key', async () => {
    const { burner } = await catalogue(app);
    const order = {
      type: 'Product',
      items: [{ productId: burner.id, quantity: 1 }],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'oneWay',
      address: { line1: '1 Herbert Macaulay Way\u0000', city: 'Yaba', state: 'Lagos' },
    };
    await expectRefused('body.address.line1', () => send('POST', '/api/order/new', order));
    await expectRefused('body.note\\u0000', () =>
      send('POST', '/api/payment/wallet', { orderNumber, 'note\u0000': 'x' }),
    );
  });
});

describe('a NUL in the URL', () => {
  it('is refused in a path parameter of a write and of a read', async () => {
    await expectRefused('params.id', () => send('POST', '/api/order/cancel/%00'));
    await expectRefused('params.id', () => send('POST', `/api/order/cancel/${orderId}%00`));
    await expectRefused('params.orderNumber', () => send('GET', `/api/order/${orderNumber}%00`));
  });

  it('is refused in a query parameter, declared or not', async () => {
    await expectRefused('query.q', () => searchAsStaff('q=Ada%00'));
    await expectRefused('query.status', () => send('GET', '/api/order/client?status=%00'));
    await expectRefused('query.extra', () => send('GET', '/api/auth/profile?extra=%00'));
  });
});

describe('text that is not Unicode or not UTF-8', () => {
  it('refuses a lone surrogate in JSON instead of storing U+FFFD in its place', async () => {
    const name = await firstnameOf();
    for (const text of ['\\ud800', 'Ada\\udfff', '\\udc00\\ud800']) {
      await expectRefused('body.firstname', () =>
        send('PUT', '/api/auth/profile', `{"firstname":"${text}","lastname":null,"email":null}`),
      );
    }
    await expectRefused('body.orderNumber', () => send('POST', '/api/payment/wallet', '{"orderNumber":"\\ud83d"}'));
    expect(await firstnameOf()).toBe(name);
  });

  it('refuses a path parameter whose percent-encoding is not UTF-8', async () => {
    for (const piece of ['%C3%28', '%FF', '%ED%A0%80', '%E0%A4%A']) {
      await expectRefused('params.id', () => send('POST', `/api/order/cancel/${piece}`));
      await expectRefused('params.orderNumber', () => send('GET', `/api/order/${piece}`));
    }
  });

  it('refuses a query value or name whose percent-encoding is not UTF-8', async () => {
    for (const piece of ['%C3%28', '%FF', '%ED%A0%80', '%E0%A4%A']) {
      await expectRefused('query.q', () => searchAsStaff(`q=Ada${piece}`));
      await expectRefused('query.status', () => send('GET', `/api/order/client?status=${piece}`));
    }
    await expectRefused('query.%FF', () => send('GET', '/api/order/client?%FF=1'));
  });

  it('refuses a JSON body whose bytes are not UTF-8 instead of storing U+FFFD', async () => {
    const name = await firstnameOf();
    const payload = Buffer.concat([
      Buffer.from('{"firstname":"Ad'),
      Buffer.from([0xff, 0xc3, 0x28]),
      Buffer.from('","lastname":null,"email":null}'),
    ]);
    await expectRefused('body', () => send('PUT', '/api/auth/profile', payload));
    expect(await firstnameOf()).toBe(name);
  });
});

describe('other ways in', () => {
  it('refuses a NUL in a header the server stores (the Idempotency-Key)', async () => {
    const { burner } = await catalogue(app);
    const order = { type: 'Product', items: [{ productId: burner.id, quantity: 1 }], deliveryOption: 'PickerUP' };
    await expectRefused('headers.idempotency-key', () =>
      send('POST', '/api/order/new', order, { 'idempotency-key': 'key\u0000' }),
    );
  });

  it('refuses a signed Paystack webhook carrying a NUL with 400, and still takes a clean one', async () => {
    const event = { event: 'charge.success', data: { reference: `ref-${randomUUID()}\u0000`, amount: 100 } };
    await expectRefused('body.data.reference', () => postWebhook(app, event));
    const clean = await postWebhook(app, { event: 'transfer.success', data: { reference: `ref-${randomUUID()}` } });
    expect(clean.statusCode, clean.body).toBe(200);
  });

  it('refuses a NUL or a lone surrogate in a pickup event, naming the field, without failing', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket: Socket = connectSocket(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: client.cookie.split('=').slice(1).join('='), platform: 'web' },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const before = await snapshotTables(app.db);
      const cases: [string, unknown, string][] = [
        ['pingClientResponse', { pickupId: randomUUID(), pingId: 'ping\u0000' }, 'pingId'],
        ['pingClientResponse', { pickupId: randomUUID(), pingId: '\ud800' }, 'pingId'],
        ['ClientExperiencingError', { pickupId: randomUUID(), message: 'oops\u0000' }, 'message'],
      ];
      for (const [event, payload, field] of cases) {
        const ack = socketAckSchema.parse(await socket.timeout(3000).emitWithAck(event as never, payload as never));
        expect(ack.ok, JSON.stringify(ack)).toBe(false);
        expect(ack.message).toContain(`'${field}'`);
      }
      expect(changedTables(before, await snapshotTables(app.db))).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });
});

describe('valid text', () => {
  it('still goes through: accents, emoji, a literal percent sign', async () => {
    const res = await send('PUT', '/api/auth/profile', { firstname: 'Adé 👩🏽‍🍳', lastname: '100%', email: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await firstnameOf()).toBe('Adé 👩🏽‍🍳');
    const search = await send('GET', '/api/order/client?status=Not%20Paid&extra=%2500%20%C3%A9');
    expect(search.statusCode, search.body).toBeLessThan(400);
  });
});
