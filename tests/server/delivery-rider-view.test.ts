// What a client learns of their rider: the first name and vehicle, and roughly how far away only
// while the delivery is InTransit; never the rider's phone, last name or account. Calls go through
// the gas center's counter phone. Dispatchers still read the rider whole.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Order } from '../../src/domain/schemas/order';
import { clients } from '../../src/server/modules/client/tables';
import { renderMessage } from '../../src/server/modules/notification/messages';
import { outboxRowsFor } from '../../src/server/modules/notification/service';
import { runOutboxOnce } from '../../src/server/modules/notification/worker';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { connectPickupSocket, type PickupSocket, recordEvents } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue, homeDeliveryRefill } from './order-helpers';

const CENTER_PHONE = '08001234567';
const OWNER_PHONE = '08030000301';
const RIDER_PHONE = '08030000304';
const NAMELESS_PHONE = '08030000305';
const RIDER_LAST = 'Okonkwo';

let app: FastifyInstance;
let url: string;
let owner: Session;
let dispatcher: Session;
let rider: Session & { staffId: string };
let nameless: Session & { staffId: string };
let cat: Awaited<ReturnType<typeof catalogue>>;
const sockets: PickupSocket[] = [];

async function deliveryPerson(phone: string, name: { firstname: string | null; lastname: string | null }) {
  const session = await signInAs(app, phone);
  const [row] = await app.db
    .insert(staff)
    .values({ clientId: session.clientId, role: StaffRole.DeliveryPerson, access: [StaffAccess.Staff] })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff not stored');
  await app.db.insert(shifts).values({ staffId: row.id });
  await app.db.update(clients).set(name).where(eq(clients.id, session.clientId));
  return { ...session, staffId: row.id };
}

const paidDeliveryOrder = (): Promise<Order> => homeDeliveryRefill(app, owner.clientId, cat.gas.id);

const get = (who: Session, path: string) => injectAs(app, who, { method: 'GET', url: path });
const move = (who: Session, id: string, payload: Record<string, unknown>) =>
  injectAs(app, who, { method: 'PUT', url: `/api/delivery/status/${id}`, payload });

/** Every answer a client reads about their order's delivery. */
async function everyClientRead(order: Order, deliveryId: string) {
  const paths = [
    `/api/delivery/ordernumber/${order.orderNumber}`,
    `/api/delivery/order/${order.id}`,
    `/api/delivery/${deliveryId}`,
    `/api/delivery/client/${owner.clientId}`,
    `/api/delivery/progress/${order.id}`,
    `/api/order/${order.orderNumber}`,
  ];
  const answers: Record<string, string> = {};
  for (const path of paths) {
    const res = await get(owner, path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    answers[path] = res.body;
  }
  return answers;
}

/** Nothing of the rider beyond the first name: no phone (either form), last name or account id. */
function expectNothingPersonal(text: string, who: { phone: string; clientId: string }, where: string) {
  expect(text, where).not.toContain(who.phone);
  expect(text, where).not.toContain(`234${who.phone.slice(1)}`);
  expect(text, where).not.toContain(RIDER_LAST);
  expect(text, where).not.toContain(who.clientId);
}

beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true', GAS_CENTER_PHONE: '2348001234567' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cat = await catalogue(app);
  owner = await signInAs(app, OWNER_PHONE);
  dispatcher = await signInAs(app, '08010000003');
  const [associate] = await app.db.select().from(staff).where(eq(staff.clientId, dispatcher.clientId));
  if (!associate) throw new Error('no demo associate');
  await app.db.insert(shifts).values({ staffId: associate.id });
  rider = await deliveryPerson(RIDER_PHONE, { firstname: 'Tunde', lastname: RIDER_LAST });
  nameless = await deliveryPerson(NAMELESS_PHONE, { firstname: null, lastname: null });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

describe('what a client learns of their rider', () => {
  it('every delivery read, the socket and the messages: first name and vehicle, the gas center to call; distance in transit only', async () => {
    const order = await paidDeliveryOrder();
    const socket = await connectPickupSocket(url, { cookie: owner.cookie });
    sockets.push(socket);
    const heard = recordEvents(socket);
    const id = (await get(owner, `/api/delivery/order/${order.id}`)).json().id as string;
    const assigned = await injectAs(app, dispatcher, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { riderId: rider.staffId, vehicle: 'Bike' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    // Collected, with the phone's position at the gas center: no distance for the client yet.
    const collected = await move(rider, id, { status: 'CarrierPickup', location: { lat: 6.6018, lng: 3.3515 } });
    expect(collected.statusCode, collected.body).toBe(200);
    const located = await injectAs(app, rider, {
      method: 'PUT',
      url: `/api/delivery/location/${id}`,
      payload: { lat: 6.55, lng: 3.36 },
    });
    expect(located.json()).toEqual({ recorded: true });
    const atPickup = await everyClientRead(order, id);
    for (const [path, body] of Object.entries(atPickup))
      expectNothingPersonal(body, { phone: RIDER_PHONE, clientId: rider.clientId }, path);
    expect(JSON.parse(atPickup[`/api/delivery/progress/${order.id}`] ?? '{}')).toMatchObject({
      status: 'CarrierPickup',
      riderName: 'Tunde',
      vehicle: 'Bike',
      distanceKm: null,
      locatedAt: null,
      centerPhone: CENTER_PHONE,
    });
    for (const path of [
      `/api/delivery/ordernumber/${order.orderNumber}`,
      `/api/delivery/order/${order.id}`,
      `/api/delivery/${id}`,
    ]) {
      expect(JSON.parse(atPickup[path] ?? '{}'), path).toMatchObject({
        carrierName: 'Tunde',
        carrierPhone: null,
        carrierClientId: null,
        vehicle: 'Bike',
        centerPhone: CENTER_PHONE,
      });
    }
    const listed = JSON.parse(atPickup[`/api/delivery/client/${owner.clientId}`] ?? '{}');
    expect(listed.deliveries.find((d: { id: string }) => d.id === id)).toMatchObject({
      carrierName: 'Tunde',
      carrierPhone: null,
    });

    // In transit: roughly how far, and only then.
    expect((await move(rider, id, { status: 'InTransit' })).statusCode).toBe(200);
    await injectAs(app, rider, {
      method: 'PUT',
      url: `/api/delivery/location/${id}`,
      payload: { lat: 6.518, lng: 3.38 },
    });
    const inTransit = await everyClientRead(order, id);
    for (const [path, body] of Object.entries(inTransit))
      expectNothingPersonal(body, { phone: RIDER_PHONE, clientId: rider.clientId }, path);
    const onTheWay = JSON.parse(inTransit[`/api/delivery/progress/${order.id}`] ?? '{}');
    expect(onTheWay.distanceKm).toBeGreaterThan(1);
    expect(onTheWay.locatedAt).not.toBeNull();

    // Stopped by a problem: the distance is gone again.
    expect((await move(rider, id, { status: 'CantLocateClientLocation' })).statusCode).toBe(200);
    expect((await get(owner, `/api/delivery/progress/${order.id}`)).json()).toMatchObject({
      distanceKm: null,
      locatedAt: null,
    });

    // The socket told the same, never more: a distance only with InTransit.
    await expect
      .poll(() => heard.filter((e) => e.name === 'deliveryProgress').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(5);
    for (const event of heard.filter((e) => e.name === 'deliveryProgress')) {
      const payload = event.payload as { status: string; distanceKm: number | null; riderName: string | null };
      expectNothingPersonal(JSON.stringify(payload), { phone: RIDER_PHONE, clientId: rider.clientId }, 'socket');
      if (payload.status !== 'InTransit') expect(payload.distanceKm, payload.status).toBeNull();
      expect(payload.riderName).toBe('Tunde');
    }

    // The "out for delivery" SMS and push name the rider by first name only.
    const rows = await outboxRowsFor(app.db, `out-for-delivery:${id}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.data.riderName).toBe('Tunde');
      const rendered = renderMessage(row.kind, row.data, 'http://localhost:8080');
      expectNothingPersonal(JSON.stringify(rendered), { phone: RIDER_PHONE, clientId: rider.clientId }, row.channel);
    }
    while ((await runOutboxOnce(app)) > 0) {}
    const texts = app.sms.outbox.list(OWNER_PHONE).map((m) => m.body);
    expect(texts.some((b) => b.includes('out for delivery with Tunde.'))).toBe(true);
    for (const body of texts) expectNothingPersonal(body, { phone: RIDER_PHONE, clientId: rider.clientId }, 'sms');

    // The dispatcher still reads the rider whole, to call them.
    const board = await get(dispatcher, `/api/delivery/${id}`);
    expect(board.json()).toMatchObject({
      carrierName: `Tunde ${RIDER_LAST}`,
      carrierPhone: RIDER_PHONE,
      carrierClientId: rider.clientId,
    });
    expect(board.json().centerPhone).toBeUndefined();
  });

  it('a rider whose profile has no name is no name to the client, not their phone number', async () => {
    const order = await paidDeliveryOrder();
    const id = (await get(owner, `/api/delivery/order/${order.id}`)).json().id as string;
    const assigned = await injectAs(app, dispatcher, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { riderId: nameless.staffId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await move(nameless, id, { status: 'CarrierPickup' })).statusCode).toBe(200);
    const reads = await everyClientRead(order, id);
    for (const [path, body] of Object.entries(reads)) {
      expectNothingPersonal(body, { phone: NAMELESS_PHONE, clientId: nameless.clientId }, path);
    }
    expect(JSON.parse(reads[`/api/delivery/order/${order.id}`] ?? '{}')).toMatchObject({ carrierName: null });
    expect(JSON.parse(reads[`/api/delivery/progress/${order.id}`] ?? '{}')).toMatchObject({ riderName: null });
    const [sms] = (await outboxRowsFor(app.db, `out-for-delivery:${id}`)).filter((r) => r.channel === 'sms');
    if (!sms) throw new Error('no out-for-delivery SMS written');
    expect(renderMessage(sms.kind, sms.data, 'http://localhost:8080').sms).toContain(
      'out for delivery with our rider.',
    );
  });
});
