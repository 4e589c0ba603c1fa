// The bench's data set, bulk-inserted with generate_series: background clients, and orders spread
// over a few clients (the first of which is the one whose history is measured).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** Clients of the bench, created in one statement; answers their ids in order. */
export async function insertClients(db: pg.Pool, count: number, prefix: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into clients (phone_local, phone_international, firstname, lastname, is_verified)
     select $1 || lpad(g::text, 7, '0'), '234' || substr($1, 2) || lpad(g::text, 7, '0'), 'Bench', 'Client ' || g, true
     from generate_series(1, $2::int) g
     on conflict do nothing
     returning id`,
    [prefix, count],
  );
  return rows.map((r) => r.id);
}

/**
 * Orders for the given clients, round robin, with a realistic mix of types, statuses and two
 * years of dates. Inserted in batches so a million rows never sit in one transaction.
 */
export async function insertOrders(
  db: pg.Pool,
  clientIds: string[],
  count: number,
  options: { status?: string; total?: number; batch?: number } = {},
): Promise<{ tag: string }> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const batch = options.batch ?? 100_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db.query(
      `insert into orders (order_number, order_payment_number, client_id, type, status, payment_status, payment_type,
         delivery_option, subtotal, delivery_fee, total, pickup_code, is_delivered, paid_at, delivered_at, created_at, updated_at)
       select 'B' || $1 || '-' || g, 'BP' || $1 || '-' || g, ($2::uuid[])[1 + g % cardinality($2::uuid[])],
         (array['Gas','Product','Gas and Product'])[1 + g % 3],
         s.status,
         case when s.status in ('Paid','Delivered') then 'success' else 'pending' end,
         case when s.status in ('Paid','Delivered') then 'Electronic' else null end,
         (array['PickerUP','HomeDelivery','PickUpBySomeOne'])[1 + (g / 3) % 3],
         t.total, 0, t.total,
         'K' || $1 || g,
         s.status = 'Delivered',
         case when s.status in ('Paid','Delivered') then s.at end,
         case when s.status = 'Delivered' then s.at + interval '2 hours' end,
         s.at, s.at
       from generate_series($3::int, $4::int) g
       cross join lateral (select coalesce($5::text, (array['Delivered','Delivered','Paid','Not Paid','Cancelled'])[1 + (g::bigint * 7) % 5]) as status,
                                  now() - ((g::bigint * 7919) % 730) * interval '1 day' - (g % 86400) * interval '1 second' as at) s
       cross join lateral (select coalesce($6::bigint, 1250000 + (g % 20) * 250000) as total) t`,
      [tag, clientIds, start, end, options.status ?? null, options.total ?? null],
    );
  }
  await db.query('analyze orders');
  return { tag };
}

export async function orderNumbersWithTag(db: pg.Pool, tag: string): Promise<string[]> {
  const { rows } = await db.query<{ order_number: string }>(
    `select order_number from orders where order_number like $1 order by order_number`,
    [`B${tag}-%`],
  );
  return rows.map((r) => r.order_number);
}

export async function countOrders(db: pg.Pool, clientId?: string): Promise<number> {
  const { rows } = clientId
    ? await db.query<{ n: string }>('select count(*) as n from orders where client_id = $1', [clientId])
    : await db.query<{ n: string }>('select count(*) as n from orders');
  return Number(rows[0]?.n ?? 0);
}
