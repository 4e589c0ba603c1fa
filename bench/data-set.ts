// The bench's data set, built in the database with generate_series (no rows cross the wire): a
// company's clients with a long tail of orders — most have a handful, a few businesses tens of
// thousands — over two years, with the order lines, payments, timelines and wallet movements
// that go with them. One builder for both scales: 10,000 orders over 2,000 clients (default) and
// 1,000,000 orders over 200,000 clients (BENCH_LARGE=1). Runs on PostgreSQL and on PGlite alike:
// given two sessions it loads on two at once (several times faster at the large scale),
// with the secondary indexes built once the rows are in.
import { randomBytes } from 'node:crypto';

/** One database session (temporary tables live in it): node-postgres' client or PGlite. */
export type Sql = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<{ rows: R[] }>;

export type DataSetShape = {
  clients: number;
  orders: number;
  /** The businesses' order counts, the heaviest first; the rest is spread over the other clients. */
  businesses: number[];
};

/** 1 million orders, 200,000 clients: ten businesses hold 160,000 orders, the heaviest 40,000. */
export const LARGE: DataSetShape = {
  clients: 200_000,
  orders: 1_000_000,
  businesses: [40_000, 25_000, 18_000, 15_000, 12_000, 10_000, 10_000, 10_000, 10_000, 10_000],
};
/** The same shape a hundred times smaller. */
export const SMALL: DataSetShape = {
  clients: 2_000,
  orders: 10_000,
  businesses: LARGE.businesses.map((n) => n / 100),
};

export type DataSet = {
  tag: string;
  /** The client with the most orders, and a typical one (the median client who has any). */
  heaviest: { clientId: string; orders: number };
  typical: { clientId: string; orders: number };
  rows: Record<string, number>;
  seconds: number;
};

/**
 * Runs `build` with the foreign keys' per-row checks off (`session_replication_role = replica`,
 * for a superuser; otherwise with them on): the rows below reference orders and wallets made by
 * the same build, so 4.6 million reference checks, each locking its order row, add nothing. No
 * user trigger of those tables matters for an insert (wallet_transactions' refuses updates and
 * deletes).
 */
async function withoutReferenceChecks(sql: Sql, build: () => Promise<void>) {
  const off = await sql('set session_replication_role = replica').then(
    () => true,
    () => false,
  );
  try {
    await build();
  } finally {
    if (off) await sql('set session_replication_role = default');
  }
}

/** The tables the data set fills. */
const LOADED = ['orders', 'order_items', 'order_events', 'payments', 'wallets', 'wallet_transactions'];

/**
 * Drops the secondary indexes of the loaded tables (neither a primary key nor unique: those keep
 * the rules) and answers their definitions, to be built again once the rows are in. A million
 * rows inserted one index entry at a time cost several times what one sorted build of each index
 * does.
 */
async function setIndexesAside(sql: Sql): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
     where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace
       and not i.indisunique and not i.indisprimary`,
    [LOADED],
  );
  for (const { name } of rows) await sql(`drop index "${name}"`);
  return rows.map((r) => r.definition);
}

/** Runs `tasks`, each on the next free session: as many at once as there are sessions. */
async function inParallel(sessions: Sql[], tasks: ((sql: Sql) => Promise<void>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    sessions.map(async (sql) => {
      while (next < tasks.length) await tasks[next++]?.(sql);
    }),
  );
}

/** A load's inserted rows: `insert` with `returning 1`, counted. */
async function inserted(sql: Sql, insert: string, params?: unknown[]): Promise<number> {
  const { rows } = await sql<{ n: string }>(
    `with ins as (${insert} returning 1) select count(*) as n from ins`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Builds a data set; `prefix` (4 digits, e.g. '0906') makes its clients' phone numbers, so two
 * sets live side by side. Every client with rn divisible by 3 has a wallet; a paid order of such a
 * client is paid from it every other time (a top-up credit a millisecond before the order's
 * debit, so each wallet's balance and balance_after chain add up), otherwise by card (a successful payment).
 * The work is spread over `sessions` (one is enough); its working tables (ds_clients, ds_orders)
 * are unlogged tables every session sees, dropped at the end. The orders are spread evenly over
 * `centerIds` (a chain's gas centers, chain.ts), or all at the first center.
 */
export async function buildDataSet(
  sessions: Sql[],
  shape: DataSetShape,
  prefix: string,
  centerIds: readonly string[] = [],
): Promise<DataSet> {
  const t0 = Date.now();
  const [sql] = sessions;
  if (!sql) throw new Error('no database session');
  // Order g is collected at, or delivered from, center g mod n (the first center without a chain).
  const centers = centerIds.length
    ? [...centerIds]
    : (await sql<{ id: string }>('select first_center_id() as id')).rows.map((r) => r.id);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const bizTotal = shape.businesses.reduce((a, b) => a + b, 0);
  // width_bucket's lower bounds: business k holds orders g in [bounds[k-1], bounds[k]).
  const bounds: number[] = [];
  let at = 1;
  for (const n of shape.businesses) {
    bounds.push(at);
    at += n;
  }
  const indexes = await setIndexesAside(sql);
  await sql(
    `insert into clients (phone_local, phone_international, firstname, lastname, is_verified, created_at)
     select $1 || lpad(g::text, 7, '0'), '234' || substr($1, 2) || lpad(g::text, 7, '0'),
       'Bench', 'Client ' || g, true, now() - interval '800 days'
     from generate_series(1, $2::int) g`,
    [prefix, shape.clients],
  );
  await sql('drop table if exists ds_clients');
  await sql(
    `create unlogged table ds_clients as
     select id, right(phone_local, 7)::int as rn from clients where phone_local between $1 || '0000000' and $1 || '9999999'`,
    [prefix],
  );
  await sql('create index on ds_clients (rn)');
  await sql('analyze ds_clients');

  // Orders: the businesses' first, then the tail, where client rn = B + 1 + floor((N - B) · u^2.2):
  // a long tail (the first tail clients have hundreds, most a handful, some none).
  await sql('drop table if exists ds_orders');
  await sql(
    `create unlogged table ds_orders (id uuid, g int, client_id uuid, rn int, status text, payment_type text,
       total bigint, order_number text, created_at timestamptz)`,
  );
  // In two halves at once, by the client's rn: each half plans every order from the same seed and
  // inserts those of its own clients, so the orders' trigger of one half never waits on a client
  // row of the other's.
  await inParallel(
    sessions,
    [0, 1].map((half) => async (sql: Sql) => {
      await sql('select setseed(0.42)');
      await sql(
        `with planned as (
           select g,
             case when g < $3::int then width_bucket(g, $4::int[])
                  else cardinality($4::int[]) + 1 + floor(($5::int - cardinality($4::int[])) * power(random(), 2.2))::int
             end as rn,
             (array['Delivered','Delivered','Delivered','Paid','Not Paid','Cancelled','Cancelled','Failed'])[1 + (g * 7) % 8] as status,
             now() - random() * interval '730 days' as at,
             1250000 + (g % 20) * 250000 as total
           from generate_series(1, $2::int) g
         ),
         ins as (
           insert into orders (order_number, order_payment_number, client_id, center_id, type, status, payment_status, payment_type,
             delivery_option, subtotal, delivery_fee, total, pickup_code, is_delivered, paid_at, delivered_at, cancelled_at,
             created_at, updated_at)
           select 'B' || $1 || '-' || p.g, 'BP' || $1 || '-' || p.g, c.id, ($7::uuid[])[1 + p.g % cardinality($7::uuid[])],
             (array['Gas','Gas','Gas','Product','Gas and Product'])[1 + p.g % 5],
             p.status,
             case when p.status in ('Paid','Delivered') then 'success' when p.status = 'Failed' then 'failed' else 'pending' end,
             case when p.status not in ('Paid','Delivered') then null
                  when c.rn % 3 = 0 and p.g % 2 = 0 then 'Wallet' else 'Electronic' end,
             (array['PickerUP','PickerUP','HomeDelivery','PickUpBySomeOne'])[1 + (p.g / 5) % 4],
             p.total, 0, p.total,
             'K' || $1 || p.g,
             p.status = 'Delivered',
             case when p.status in ('Paid','Delivered') then p.at + interval '5 minutes' end,
             case when p.status = 'Delivered' then p.at + interval '2 hours' end,
             case when p.status = 'Cancelled' then p.at + interval '1 hour' end,
             p.at, p.at
           from planned p join ds_clients c on c.rn = p.rn
           where c.rn % 2 = $6::int
           returning id, client_id, status, payment_type, total, order_number, created_at
         )
         insert into ds_orders
         select i.id, split_part(i.order_number, '-', 2)::int, i.client_id, c.rn, i.status, i.payment_type, i.total,
           i.order_number, i.created_at
         from ins i join ds_clients c on c.id = i.client_id`,
        [tag, shape.orders, bizTotal + 1, bounds, shape.clients, half, centers],
      );
    }),
  );
  await sql('analyze ds_orders');

  // What hangs off the orders, over the sessions at once: none of these tables has a trigger an
  // insert fires, and the references are right by construction.
  const rows: Record<string, number> = {};
  const tasks: ((sql: Sql) => Promise<void>)[] = [
    // Timelines: placed, then paid / handed over / cancelled / failed.
    async (sql) => {
      rows.order_events = await inserted(
        sql,
        `insert into order_events (order_id, kind, status, note, actor_client_id, created_at)
       select o.id, 'order', e.status, e.note, o.client_id, o.created_at + e.after
       from ds_orders o
       cross join lateral (values
         ('Not Paid', 'Order placed', interval '0', true),
         ('Paid', null, interval '5 minutes', o.status in ('Paid','Delivered')),
         ('Delivered', null, interval '2 hours', o.status = 'Delivered'),
         ('Cancelled', 'Cancelled by the client', interval '1 hour', o.status = 'Cancelled'),
         ('Failed', null, interval '10 minutes', o.status = 'Failed')
       ) e(status, note, after, happened)
       where e.happened`,
      );
    },
    // Lines: one per order, a second (a burner) on one order in ten.
    async (sql) => {
      rows.order_items = await inserted(
        sql,
        `insert into order_items (order_id, product_id, name, unit_price, quantity, size_kg, line_total, position)
       select o.id,
         case when l.n = 1 then gas.id else burner.id end,
         case when l.n = 1 then 'Cooking gas (12.5 kg cylinder)' else burner.name end,
         case when l.n = 1 then (o.total - case when o.g % 10 = 0 then 250000 else 0 end) / 12.5 else 250000 end,
         case when l.n = 1 then 12.5 else 1 end,
         case when l.n = 1 then 12.5 end,
         case when l.n = 1 then o.total - case when o.g % 10 = 0 then 250000 else 0 end else 250000 end,
         l.n - 1
       from ds_orders o
       cross join lateral generate_series(1, case when o.g % 10 = 0 then 2 else 1 end) l(n)
       cross join (select id from products where type = 'Gas' order by created_at limit 1) gas
       cross join (select id, name from products where type <> 'Gas' order by created_at limit 1) burner`,
      );
    },
    // Card payments of the orders paid by card.
    async (sql) => {
      rows.payments = await inserted(
        sql,
        `insert into payments (payment_number, reference, purpose, gateway, status, amount, paid_amount, client_id, order_id,
         email, step, channel, gateway_response, paid_at, value_given_at, created_at, updated_at)
       select 'BPAY' || $1 || '-' || o.g, 'bench-' || $1 || '-' || o.g, 'OrderPayment', 'Paystack', 'success', o.total, o.total,
         o.client_id, o.id, 'client' || o.rn || '@example.com', 'Initialize', 'card', 'Approved',
         o.created_at + interval '5 minutes', o.created_at + interval '5 minutes', o.created_at, o.created_at + interval '5 minutes'
       from ds_orders o where o.payment_type = 'Electronic'`,
        [tag],
      );
    },
    // Wallets, and per wallet-paid order a top-up by bank transfer then the order's debit.
    async (sql) => {
      await sql(
        `insert into wallets (client_id, wallet_number, balance, status, firstname, lastname, email, consent_given_at,
         bank_name, account_number, account_name, created_at, updated_at)
       select c.id, 'W' || $1 || '-' || c.rn, 0, 'active', 'Bench', 'Client ' || c.rn, 'client' || c.rn || '@example.com',
         now() - interval '800 days', 'Wema Bank', 'A' || $1 || c.rn, 'Bench Client ' || c.rn,
         now() - interval '800 days', now() - interval '800 days'
       from ds_clients c where c.rn % 3 = 0`,
        [tag],
      );
      rows.wallet_transactions = await inserted(
        sql,
        `insert into wallet_transactions (wallet_id, reference, type, status, amount, balance_after, purpose, source,
         display_name, order_id, created_at)
       select w.id, m.reference, m.type, 'completed', o.total, m.balance_after, m.purpose, m.source, m.display_name,
         m.order_id, o.created_at + m.after
       from ds_orders o
       join wallets w on w.client_id = o.client_id
       cross join lateral (values
         ('bench:' || $1 || ':topup:' || o.g, 'Credit', o.total, 'FundWallet', 'BankTransfer', 'Bank transfer', null::uuid, interval '5 minutes' - interval '1 millisecond'),
         ('order:' || o.id, 'Debit', 0::bigint, 'OrderPayment', null, 'Order #' || o.order_number, o.id, interval '5 minutes')
       ) m(reference, type, balance_after, purpose, source, display_name, order_id, after)
       where o.payment_type = 'Wallet'`,
        [tag],
      );
    },
  ];
  await inParallel(
    sessions,
    tasks.map((task) => (sql: Sql) => withoutReferenceChecks(sql, () => task(sql))),
  );
  await inParallel(
    sessions,
    indexes.map((definition) => (sql: Sql) => sql(definition).then(() => undefined)),
  );
  // The history's versions too (written by the orders' trigger): no analysis left running on the
  // same cores while the first scenario after the build is measured.
  await inParallel(
    sessions,
    [...LOADED, 'order_history_versions'].map(
      (table) => (sql: Sql) => sql(`vacuum (analyze) ${table}`).then(() => undefined),
    ),
  );
  // And the build's writes on disk now: PostgreSQL spreads a checkpoint's writes over the minutes
  // after it starts (checkpoint_completion_target), which would be while the history is measured.
  await sql('checkpoint').catch((error: Error) =>
    console.warn(`bench: no checkpoint after the build: ${error.message}`),
  );

  const { rows: heavy } = await sql<{ client_id: string; n: string }>(
    'select client_id, count(*) as n from ds_orders where rn = 1 group by client_id',
  );
  // The median among clients who ordered: what most of the company's clients see.
  const { rows: typical } = await sql<{ client_id: string; n: string }>(
    `with per as (select client_id, count(*) as n from ds_orders group by client_id),
          med as (select percentile_disc(0.5) within group (order by n) as m from per)
     select client_id, n from per, med where n = med.m order by client_id limit 1`,
  );
  const { rows: counts } = await sql<{ orders: string; clients: string }>(
    'select count(*) as orders, count(distinct client_id) as clients from ds_orders',
  );
  await sql('drop table ds_orders');
  await sql('drop table ds_clients');
  const h = heavy[0];
  const m = typical[0];
  if (!h || !m) throw new Error('the data set has no orders');
  return {
    tag,
    heaviest: { clientId: h.client_id, orders: Number(h.n) },
    typical: { clientId: m.client_id, orders: Number(m.n) },
    rows: {
      orders: Number(counts[0]?.orders ?? 0),
      order_items: rows.order_items ?? 0,
      order_events: rows.order_events ?? 0,
      payments: rows.payments ?? 0,
      wallet_transactions: rows.wallet_transactions ?? 0,
      'clients with orders': Number(counts[0]?.clients ?? 0),
    },
    seconds: (Date.now() - t0) / 1000,
  };
}

/**
 * Unpaid orders for one client (the wallet payment scenario pays one per request), one line each.
 * Answers their order numbers.
 */
export async function insertUnpaidOrders(sql: Sql, clientId: string, count: number, total: number): Promise<string[]> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const { rows } = await sql<{ order_number: string }>(
    `with ins as (
       insert into orders (order_number, order_payment_number, client_id, type, status, delivery_option, subtotal, total,
         pickup_code)
       select 'U' || $1 || '-' || g, 'UP' || $1 || '-' || g, $2::uuid, 'Product', 'Not Paid', 'PickerUP', $4::bigint, $4::bigint,
         'U' || $1 || g
       from generate_series(1, $3::int) g
       returning id, order_number
     ),
     lines as (
       insert into order_items (order_id, product_id, name, unit_price, quantity, line_total)
       select ins.id, p.id, p.name, $4::bigint, 1, $4::bigint
       from ins cross join (select id, name from products where type <> 'Gas' order by created_at limit 1) p
     )
     select order_number from ins order by order_number`,
    [tag, clientId, count, total],
  );
  await sql('analyze orders');
  return rows.map((r) => r.order_number);
}
