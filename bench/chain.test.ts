import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/server/modules/auth';
import { buildTestApp, injectAs, type Session } from '../src/server/test-utils/test-app';
import { buildChain, CHAIN, type Chain } from './chain';
import { buildDataSet, type Sql } from './data-set';

describe('the bench chain', () => {
  let app: FastifyInstance;
  let sql: Sql;
  let chain: Chain;
  const sessionOf = async (clientId: string): Promise<Session> => {
    const { accessToken } = await createSession(app.db, app.config, clientId);
    return { clientId, cookie: `arrive_at=${accessToken}` };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    const client = (app.db as unknown as { $client: { query: Sql } }).$client;
    sql = (text, params) => client.query(text, params);
    chain = await buildChain(sql);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives each of its centers stock, a dispatcher on a shift and a day of deliveries', async () => {
    expect(chain.centerIds).toHaveLength(CHAIN.centers);
    expect(chain.dispatchers.map((d) => d.centerId)).toEqual(chain.centerIds);
    const { rows } = await sql<{ center_id: string; counted: string; empty: string; staff: string }>(
      `select q.center_id, count(*) as counted, count(*) filter (where q.stock <= 0) as empty,
         (select count(*) from staff_centers s where s.center_id = q.center_id) as staff
       from quotas q where q.center_id = any($1::uuid[]) group by q.center_id`,
      [chain.centerIds],
    );
    expect(rows).toHaveLength(CHAIN.centers);
    for (const r of rows) {
      expect(Number(r.empty)).toBe(0);
      expect(Number(r.counted)).toBe(9); // the demo's 8 counted products, and gas
      expect(Number(r.staff)).toBe(CHAIN.staffPerCenter + 1); // with the previous center's rider
    }

    const [dispatcher] = chain.dispatchers;
    if (!dispatcher) throw new Error('no dispatcher');
    const res = await injectAs(app, await sessionOf(dispatcher.clientId), {
      method: 'GET',
      url: '/api/delivery/board',
    });
    expect(res.statusCode).toBe(200);
    const board = res.json() as { centerId: string; deliveries: { centerId: string }[]; riders: unknown[] };
    expect(board.centerId).toBe(dispatcher.centerId);
    expect(board.deliveries).toHaveLength(CHAIN.deliveriesPerCenter);
    expect(board.deliveries.every((d) => d.centerId === dispatcher.centerId)).toBe(true);
    expect(board.riders).toHaveLength(4);
  });

  it('spreads the data set’s orders evenly over the centers', async () => {
    await buildDataSet([sql], { clients: 40, orders: 500, businesses: [50, 20] }, '0916', chain.centerIds);
    const { rows } = await sql<{ centers: number; least: number; most: number }>(
      `select count(*)::int as centers, min(n)::int as least, max(n)::int as most
       from (select center_id, count(*) as n from orders where order_number like 'B%' group by center_id) per`,
    );
    expect(rows[0]).toEqual({ centers: CHAIN.centers, least: 10, most: 10 });
  });

  it('takes a pickup order’s gas from the chosen center’s stock', async () => {
    const [, center] = chain.centerIds;
    const stockAt = async () =>
      (
        await sql<{ center_id: string; stock: number }>(
          `select q.center_id, q.stock from quotas q join products p on p.id = q.product_id
           where p.type = 'Gas' and q.center_id = any($1::uuid[]) order by q.center_id`,
          [chain.centerIds],
        )
      ).rows;
    const before = await stockAt();
    const { rows } = await sql<{ id: string }>(`select id from products where type = 'Gas' limit 1`);
    const placed = await injectAs(app, await sessionOf(chain.dispatchers[5]?.clientId ?? ''), {
      method: 'POST',
      url: '/api/order/new',
      payload: {
        type: 'Gas',
        items: [{ productId: rows[0]?.id, quantity: 12.5, sizeKg: 12.5 }],
        deliveryOption: 'PickerUP',
        centerId: center,
      },
    });
    expect(placed.statusCode).toBe(201);
    const after = await stockAt();
    expect(after).toEqual(before.map((q) => (q.center_id === center ? { ...q, stock: Number(q.stock) - 12.5 } : q)));
  });
});
