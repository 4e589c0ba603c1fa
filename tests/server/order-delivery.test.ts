import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/domain/phone';
import { deliveryFeeKobo } from '../../src/domain/schemas/delivery';
import type { Order } from '../../src/domain/schemas/order';
import { createEstimateMaps, createGoogleMaps } from '../../src/server/integrations/maps/adapter';
import { quoteDelivery } from '../../src/server/lib/delivery-quote';
import { knownCenters } from '../../src/server/modules/centers/service';
import { clients } from '../../src/server/modules/client/tables';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder, findOrderByNumber } from '../../src/server/modules/order/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { expectOwnerOnly } from '../../src/server/test-utils/ownership';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let owner: Session;
let other: Session;
let associate: Session;
let rider: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;
let order: Order;

const yaba = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' };

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signInAs(app, '08010000002');
  other = await signInAs(app, '08055554444');
  associate = await signInAs(app, '08010000003');
  cat = await catalogue(app);
  const [row] = await app.db
    .select({ staffId: staff.id })
    .from(staff)
    .innerJoin(clients, eq(clients.id, staff.clientId))
    .where(eq(clients.phoneLocal, normalizePhone('08010000003').local));
  if (!row) throw new Error('no associate');
  await app.db.insert(shifts).values({ staffId: row.staffId });
  // A rider with an account: only a Delivery Person is assigned (delivery-dispatch.test.ts).
  rider = await signInAs(app, '08034445555');
  await app.db.update(clients).set({ firstname: 'Musa', lastname: 'Ibrahim' }).where(eq(clients.id, rider.clientId));
  await app.db.insert(staff).values({ clientId: rider.clientId, role: 'Delivery Person', access: ['Staff'] });
  order = await createOrder(
    app.db,
    owner.clientId,
    {
      type: 'Gas',
      items: [{ productId: cat.gas.id, quantity: 12.5, sizeKg: 12.5 }],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'DoubleWay',
      address: yaba,
    },
    { legs: app.orderLegs },
  );
});
afterAll(async () => {
  await app.close();
});

describe('delivery fee', () => {
  it('is a base plus a rate per km, rounded up to ₦50, doubled for DoubleWay', () => {
    expect(deliveryFeeKobo(0, 'oneWay')).toBe(100_000);
    expect(deliveryFeeKobo(10, 'oneWay')).toBe(250_000);
    expect(deliveryFeeKobo(10.1, 'oneWay')).toBe(255_000);
    expect(deliveryFeeKobo(10, 'DoubleWay')).toBe(500_000);
  });

  it('is quoted for an address before ordering, marked as an estimate without a maps key', async () => {
    const res = await injectAs(app, owner, {
      method: 'POST',
      url: '/api/delivery/quote',
      payload: { address: yaba, homeDeliveryType: 'oneWay' },
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({ estimate: true, center: { name: 'Arrive Gas Center' } });
    expect(quote.fee).toBe(deliveryFeeKobo(quote.distanceKm, 'oneWay'));
    expect(order.deliveryFee).toBe(deliveryFeeKobo(quote.distanceKm, 'DoubleWay'));
  });

  it('prices the address where its words are, never where coordinates sent with it say', async () => {
    const quote = (address: Record<string, unknown>) =>
      injectAs(app, owner, {
        method: 'POST',
        url: '/api/delivery/quote',
        payload: { address, homeDeliveryType: 'oneWay' },
      });
    const honest = (await quote(yaba)).json();
    expect(honest.distanceKm).toBeGreaterThan(0);
    // The gas center's own position, sent with a Yaba address: the Yaba fee all the same.
    const atTheCenter = await quote({ ...yaba, lat: 6.6018, lng: 3.3515 });
    expect(atTheCenter.statusCode).toBe(200);
    expect(atTheCenter.json()).toMatchObject({ fee: honest.fee, distanceKm: honest.distanceKm });
    expect(atTheCenter.json().address).toMatchObject({ lat: honest.address.lat, lng: honest.address.lng });
    // Without a maps key, the area chosen decides, not a street named after another one.
    const ikoroduRoad = (await quote({ line1: '3 Ikorodu Road', city: 'Yaba', state: 'Lagos' })).json();
    expect(ikoroduRoad).toMatchObject({ fee: honest.fee, distanceKm: honest.distanceKm });
    // An area half typed and never chosen is not found through the street.
    const half = await quote({ line1: '3 Ikeja Road', city: 'Ike', state: 'Lagos' });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ additionalInfo: { field: 'address.city' } });
    // A town the map cannot place is refused, whatever coordinates come with it.
    const unknown = await quote({
      line1: 'Km 45 Lagos-Ibadan Expressway',
      city: 'Ibadan',
      state: 'Oyo',
      lat: 6.6018,
      lng: 3.3515,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ additionalInfo: { field: 'address.city' } });
    // And an order placed with them is priced the honest way.
    const placed = await createOrder(
      app.db,
      owner.clientId,
      {
        type: 'Gas',
        items: [{ productId: cat.gas.id, quantity: 12.5, sizeKg: 12.5 }],
        deliveryOption: 'HomeDelivery',
        homeDeliveryType: 'oneWay',
        address: { ...yaba, lat: 6.6018, lng: 3.3515 },
      },
      { legs: app.orderLegs },
    );
    expect(placed.deliveryFee).toBe(honest.fee);
  });

  it('refuses an address beyond the delivery area', async () => {
    // Google places Ibadan 120 km by road from the gas center.
    const google = createGoogleMaps('test-key', {
      fetch: (async (url: URL) =>
        new Response(
          JSON.stringify(
            String(url).includes('geocode')
              ? {
                  status: 'OK',
                  results: [{ geometry: { location: { lat: 7.3775, lng: 3.947 } }, formatted_address: 'Ibadan' }],
                }
              : {
                  status: 'OK',
                  rows: [{ elements: [{ status: 'OK', distance: { value: 120_000 }, duration: { value: 7200 } }] }],
                },
          ),
        )) as typeof fetch,
    });
    await expect(
      quoteDelivery(
        google,
        { line1: 'Km 45 Lagos-Ibadan Expressway', city: 'Ibadan', state: 'Oyo' },
        'oneWay',
        await knownCenters(app.db),
      ),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/we deliver up to 40 km/) });
  });
});

describe('maps', () => {
  it('estimates distance by straight line in sandbox and says so', async () => {
    const res = await injectAs(app, owner, {
      method: 'POST',
      url: '/api/map/distance',
      payload: { origin: 'Ikeja', destination: { lat: 6.4281, lng: 3.4219 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estimate: true, travelMode: 'driving' });
    expect(res.json().distanceMeters).toBeGreaterThan(20_000);
    expect(res.json().distanceMeters).toBeLessThan(35_000);
  });

  it('gives directions and geocodes Lagos areas, refusing unknown places', async () => {
    const dir = await injectAs(app, owner, {
      method: 'POST',
      url: '/api/map/direction',
      payload: { origin: 'Yaba', destination: 'Lekki Phase 1', travelMode: 'walking' },
    });
    expect(dir.statusCode).toBe(200);
    expect(dir.json()).toMatchObject({ travelMode: 'walking', estimate: true, polyline: null });
    const geo = await injectAs(app, owner, {
      method: 'POST',
      url: '/api/map/geocode',
      payload: { address: '4 Adeola Odeku, V.I.' },
    });
    expect(geo.json()).toMatchObject({ formattedAddress: 'Victoria Island, Lagos, Nigeria', estimate: true });
    const unknown = await injectAs(app, owner, {
      method: 'POST',
      url: '/api/map/geocode',
      payload: { address: 'Gotham City' },
    });
    expect(unknown.statusCode).toBe(404);
    const visitor = await injectAs(app, null, {
      method: 'POST',
      url: '/api/map/geocode',
      payload: { address: 'Yaba' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('uses Google when configured and falls back to the estimate when Google fails', async () => {
    const calls: string[] = [];
    const google = createGoogleMaps('test-key', {
      fetch: (async (url: URL) => {
        calls.push(String(url));
        return new Response(
          JSON.stringify({
            status: 'OK',
            rows: [{ elements: [{ status: 'OK', distance: { value: 15234 }, duration: { value: 2400 } }] }],
          }),
        );
      }) as typeof fetch,
    });
    const a = { lat: 6.6, lng: 3.35 };
    const b = { lat: 6.5, lng: 3.37 };
    expect(await google.distance(a, b, 'driving')).toEqual({
      distanceMeters: 15234,
      durationSeconds: 2400,
      travelMode: 'driving',
      estimate: false,
    });
    expect(calls[0]).toContain('distancematrix/json');
    expect(calls[0]).toContain('key=test-key');
    const errors: unknown[] = [];
    const failing = createGoogleMaps('test-key', {
      fetch: (async () => new Response('denied', { status: 403 })) as typeof fetch,
      onError: (e) => errors.push(e),
    });
    expect(await failing.distance(a, b, 'driving')).toEqual(await createEstimateMaps().distance(a, b, 'driving'));
    expect(errors).toHaveLength(1);
  });
});

describe('the delivery record', () => {
  it('is visible to its owner only', async () => {
    const { owner: res } = await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/delivery/ordernumber/${order.orderNumber}` },
    });
    expect(res.json()).toMatchObject({ status: 'Pending', type: 'DoubleWay', fee: order.deliveryFee });
    const id = res.json().id as string;
    await expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: `/api/delivery/${id}` } });
    await expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: `/api/delivery/order/${order.id}` } });
    await expectOwnerOnly(app, {
      owner,
      other,
      request: { method: 'GET', url: `/api/delivery/client/${owner.clientId}` },
    });
  });

  it('is managed by staff through its lifecycle, completing the order when delivered', async () => {
    const { id } = (await injectAs(app, associate, { method: 'GET', url: `/api/delivery/order/${order.id}` })).json();
    const byClient = await injectAs(app, owner, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'InTransit' },
    });
    expect(byClient.statusCode).toBe(403);

    const skip = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'Delivered' },
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(
      'This delivery is “Waiting for a rider” now: it cannot be marked “Delivered”. It may have been moved meanwhile.',
    );
    expect(skip.json().additionalInfo).toMatchObject({ status: 'Pending', to: 'Delivered' });

    // A rider is sent for paid goods only.
    const unpaid = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { carrierName: 'Musa Ibrahim', carrierPhone: '2348034445555', vehicle: 'Bike' },
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('The order is Not Paid; assign a rider once it is paid');
    await markOrderPaid(app.db, order.id, 'Electronic');

    const assign = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { carrierName: 'Musa Ibrahim', carrierPhone: '2348034445555', vehicle: 'Bike' },
    });
    expect(assign.statusCode).toBe(200);
    expect(assign.json().carrierClientId).toBe(rider.clientId);
    const notARider = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { carrierName: 'Chidi Eze', carrierPhone: '08010000003', vehicle: 'Scooter' },
    });
    expect(notARider.statusCode).toBe(400);
    expect(notARider.json().message).toMatch(/Only a Delivery Person/);
    const back = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/delivery/assign/${id}`,
      payload: { carrierName: 'Musa Ibrahim', carrierPhone: '2348034445555', vehicle: 'Bike' },
    });
    expect(back.statusCode).toBe(200);
    expect(assign.json()).toMatchObject({
      status: 'Accepted',
      carrierName: 'Musa Ibrahim',
      carrierPhone: '08034445555',
    });

    for (const status of ['CarrierPickup', 'InTransit', 'CantLocateClientLocation', 'InTransit', 'Delivered']) {
      const res = await injectAs(app, associate, {
        method: 'PUT',
        url: `/api/delivery/status/${id}`,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const row = await findOrderByNumber(app.db, order.orderNumber);
    expect(row).toMatchObject({ status: 'Delivered', isDelivered: true });
    const detail = (await injectAs(app, owner, { method: 'GET', url: `/api/order/${order.orderNumber}` })).json();
    expect(detail.events.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual([
      'order:Not Paid',
      'order:Paid',
      'delivery:Accepted',
      'delivery:Accepted',
      'delivery:CarrierPickup',
      'delivery:InTransit',
      'delivery:CantLocateClientLocation',
      'delivery:InTransit',
      'delivery:Delivered',
      'order:Delivered',
    ]);
    expect(detail.pickupCode).toBeNull();
    const after = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'Cancelled' },
    });
    expect(after.statusCode).toBe(409);
  });

  it('lists every delivery for staff, by status', async () => {
    const res = await injectAs(app, associate, { method: 'GET', url: '/api/delivery/all?status=Delivered' });
    expect(res.statusCode).toBe(200);
    expect(res.json().deliveries.map((d: { orderNumber: string }) => d.orderNumber)).toEqual([order.orderNumber]);
    const asClient = await injectAs(app, owner, { method: 'GET', url: '/api/delivery/all' });
    expect(asClient.statusCode).toBe(403);
  });
});
