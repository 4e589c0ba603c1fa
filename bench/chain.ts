// The bench's chain of gas centers, built in SQL as the data set is: 50 centers beside the
// installation's own, each with its own stock (every counted product, and gas, which the demo
// leaves uncounted, so an order at a chain center checks and takes that center's stock), a gas
// supply that stock arrived with, and on every other center a gas price of its own; 500 staff,
// ten per center (one rider of each also works at the next), five of them on a shift now, the
// dispatcher among them; and a day's home deliveries per center (waiting, on the road,
// delivered), so a dispatcher's board has what a busy center's has. Its centers are what the
// data set's orders are spread over (data-set.ts).
import { randomBytes } from 'node:crypto';
import { LAGOS_UTC_OFFSET_MS } from '../src/domain/constants';
import type { Sql } from './data-set';

/** The chain's phone numbers: staff 0908 0000001…, the delivery clients 0908 1000001… */
const PREFIX = '0908';

/** Each center's ten staff by their rank at it (1–10): role, and whether on a shift now. */
const ROLES: [role: string, onShift: boolean][] = [
  ['Shift Supervisor', true], // the dispatcher the board is read as
  ['Sales Associate', true],
  ['Sales Associate', false],
  ['Cashier', true],
  ['Cashier', false],
  ['Customer Service', false],
  ['Delivery Person', true],
  ['Delivery Person', true],
  ['Delivery Person', false],
  ['Inventory Specialist', false],
];

export const CHAIN = { centers: 50, staffPerCenter: ROLES.length, deliveriesPerCenter: 20 };

export type Chain = {
  /** The chain's centers, in their order (Bench center 01 …). */
  centerIds: string[];
  /** The dispatcher on a shift at each center, in the same order. */
  dispatchers: { clientId: string; centerId: string }[];
  rows: Record<string, number>;
  seconds: number;
};

export async function buildChain(sql: Sql): Promise<Chain> {
  const t0 = Date.now();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const { centers, staffPerCenter, deliveriesPerCenter } = CHAIN;
  const count = async (text: string, params?: unknown[]) =>
    Number(
      (await sql<{ n: string }>(`with ins as (${text} returning 1) select count(*) as n from ins`, params)).rows[0]
        ?.n ?? 0,
    );

  // Around Lagos, 0.02° apart. The centers' trigger counts every product counted elsewhere at 0.
  const { rows: made } = await sql<{ id: string }>(
    `insert into centers (name, address, lat, lng, phone, opening_hours)
     select 'Bench center ' || lpad(n::text, 2, '0'), n || ' Bench Road, Lagos', 6.45 + (n % 10) * 0.02, 3.30 + (n / 10) * 0.02,
       $1 || lpad((9000000 + n)::text, 7, '0'), 'Mon–Sat 7:00–19:00'
     from generate_series(1, $2::int) n
     returning id`,
    [PREFIX, centers],
  );
  await sql('drop table if exists chain_centers');
  await sql(
    `create unlogged table chain_centers as
     select id, substr(name, 14)::int as n from centers where name like 'Bench center %' and id = any($1::uuid[])`,
    [made.map((r) => r.id)],
  );

  // Stock: what the first center counts, more or less of it by center, and gas by the kg.
  const stock = await count(
    `insert into quotas (product_id, center_id, stock, note)
     select p.id, c.id,
       case when p.type = 'Gas' then 100000 + c.n * 1000 else q.stock * (1 + c.n % 4) end, 'Bench chain stock'
     from chain_centers c cross join products p
     left join quotas q on q.product_id = p.id and q.center_id = first_center_id()
     where p.active and (p.type = 'Gas' or q.stock is not null)
     on conflict (product_id, center_id) do update set stock = excluded.stock, note = excluded.note`,
  );
  const { rows: supplier } = await sql<{ id: string }>(
    `insert into suppliers (name, phone_local) values ('Bench gas supplier ' || $1, $2) returning id`,
    [tag, `${PREFIX}9999999`],
  );
  const supplies = await count(
    `insert into supplies (supplier_id, product_id, center_id, quantity_kg, delivered_kg, amount, status, delivered_at, paid_at)
     select $1::uuid, q.product_id, q.center_id, q.stock, q.stock, (q.stock * 90000)::bigint, 'Paid',
       now() - interval '2 days', now() - interval '1 day'
     from quotas q join chain_centers c on c.id = q.center_id join products p on p.id = q.product_id
     where p.type = 'Gas'`,
    [supplier[0]?.id],
  );
  const prices = await count(
    `insert into center_prices (center_id, product_id, price)
     select c.id, p.id, p.price + (c.n % 5 - 2) * 2500
     from chain_centers c cross join products p
     where p.type = 'Gas' and c.n % 2 = 0`,
  );

  // Staff: member m (1…500) is rank (m - 1) / 50 + 1 at center (m - 1) % 50 + 1.
  await sql(
    `insert into clients (phone_local, phone_international, firstname, lastname, is_verified)
     select $1 || lpad(m::text, 7, '0'), '234' || substr($1, 2) || lpad(m::text, 7, '0'), 'Bench', 'Staff ' || m, true
     from generate_series(1, $2::int) m`,
    [PREFIX, centers * staffPerCenter],
  );
  await sql(
    `insert into staff (client_id, role, access)
     select k.id, ($3::text[])[(right(k.phone_local, 7)::int - 1) / $2::int + 1], array['Staff']
     from clients k where k.phone_local between $1 || '0000001' and $1 || '0999999'`,
    [PREFIX, centers, ROLES.map(([role]) => role)],
  );
  await sql('drop table if exists chain_staff');
  await sql(
    `create unlogged table chain_staff as
     select s.id, s.client_id, x.m, (x.m - 1) / $2::int + 1 as rank, c.id as center_id, c.n as center_n
     from staff s join clients k on k.id = s.client_id
     cross join lateral (select right(k.phone_local, 7)::int as m) x
     join chain_centers c on c.n = (x.m - 1) % $2::int + 1
     where k.phone_local between $1 || '0000001' and $1 || '0999999'`,
    [PREFIX, centers],
  );
  await sql(
    `insert into staff_centers (staff_id, center_id)
     select id, center_id from chain_staff
     union all
     select s.id, c.id from chain_staff s join chain_centers c on c.n = s.center_n % $1::int + 1 where s.rank = 9`,
    [centers],
  );
  const onShift = ROLES.flatMap(([, on], i) => (on ? [i + 1] : []));
  const shifts = await count(
    `insert into shifts (staff_id, center_id, started_at, opening_float)
     select id, center_id, now() - interval '3 hours', 2000000 from chain_staff where rank = any($1::int[])`,
    [onShift],
  );

  // Today's home deliveries, per center: 8 waiting, 7 on the road with the center's riders, 5 delivered.
  await sql(
    `insert into clients (phone_local, phone_international, firstname, lastname, is_verified)
     select $1 || lpad((1000000 + d)::text, 7, '0'), '234' || substr($1, 2) || lpad((1000000 + d)::text, 7, '0'),
       'Bench', 'Receiver ' || d, true
     from generate_series(1, $2::int) d`,
    [PREFIX, centers * deliveriesPerCenter],
  );
  await sql('drop table if exists chain_deliveries');
  // A "minute" of the day's story: a minute, or shorter early in a Lagos day, so that all of it
  // (the oldest delivery 20 × 20 of them ago, delivered 50 later) happened today, as the board
  // counts a day.
  const sinceLagosMidnightMs = (Date.now() + LAGOS_UTC_OFFSET_MS) % 86_400_000;
  const minuteMs = Math.min(60_000, sinceLagosMidnightMs / (deliveriesPerCenter * 20 + 40));
  await sql(
    `create unlogged table chain_deliveries as
     select k.id as client_id, d, c.id as center_id, c.n as center_n, (d - 1) % $2::int as j,
       $3::double precision * interval '1 millisecond' as minute,
       now() - ((d - 1) % $2::int + 1) * 20 * $3::double precision * interval '1 millisecond' as at
     from clients k
     cross join lateral (select right(k.phone_local, 7)::int - 1000000 as d) x
     join chain_centers c on c.n = (d - 1) / $2::int + 1
     where k.phone_local between $1 || '1000001' and $1 || '1999999'`,
    [PREFIX, deliveriesPerCenter, minuteMs],
  );
  const address = { line1: '12 Bench Street', city: 'Yaba', state: 'Lagos' };
  await sql(
    `with ins as (
       insert into orders (order_number, order_payment_number, client_id, center_id, type, status, payment_status,
         payment_type, delivery_option, delivery_address, home_delivery_type, delivery_distance_km, subtotal, delivery_fee,
         total, pickup_code, is_delivered, paid_at, delivered_at, created_at, updated_at)
       select 'C' || $1 || '-' || d, 'CP' || $1 || '-' || d, client_id, center_id, 'Gas',
         case when j >= 15 then 'Delivered' else 'Paid' end, 'success', 'Electronic', 'HomeDelivery', $2::jsonb, 'oneWay', 4.2,
         1562500, 150000, 1712500, 'C' || $1 || d, j >= 15, at + 2 * minute,
         case when j >= 15 then at + 50 * minute end, at, at
       from chain_deliveries
       returning id, order_number
     ),
     lines as (
       insert into order_items (order_id, product_id, name, unit_price, quantity, size_kg, line_total)
       select ins.id, gas.id, gas.name, 125000, 12.5, 12.5, 1562500
       from ins cross join (select id, name from products where type = 'Gas' order by created_at limit 1) gas
     )
     insert into deliveries (order_id, client_id, status, type, address, distance_km, fee, carrier_client_id, carrier_name,
       carrier_phone, vehicle, assigned_at, delivered_at, status_changed_at, created_at, updated_at)
     select ins.id, cd.client_id,
       case when cd.j < 8 then 'Pending' when cd.j < 11 then 'Accepted' when cd.j < 13 then 'CarrierPickup'
            when cd.j < 15 then 'InTransit' else 'Delivered' end,
       'oneWay', $2::jsonb, 4.2, 150000,
       r.client_id, case when r.client_id is not null then 'Bench Staff ' || r.m end,
       case when r.client_id is not null then $3 || lpad(r.m::text, 7, '0') end,
       case when r.client_id is not null then 'Bike' end,
       case when r.client_id is not null then cd.at + 10 * cd.minute end,
       case when cd.j >= 15 then cd.at + 50 * cd.minute end,
       cd.at + case when cd.j < 8 then 2 else 30 end * cd.minute, cd.at, cd.at
     from ins join chain_deliveries cd on ins.order_number = 'C' || $1 || '-' || cd.d
     left join chain_staff r on cd.j >= 8 and r.center_id = cd.center_id and r.rank = 7 + cd.j % 2`,
    [tag, JSON.stringify(address), PREFIX],
  );
  const steps = await count(
    `insert into delivery_steps (delivery_id, status, actor_client_id, by_rider, at)
     select v.id, s.status, v.carrier_client_id, s.status <> 'Accepted', s.at
     from deliveries v join chain_deliveries cd on cd.client_id = v.client_id
     cross join lateral (values
       ('Accepted', v.assigned_at, cd.j >= 8),
       ('CarrierPickup', v.assigned_at + 10 * cd.minute, cd.j >= 11),
       ('InTransit', v.assigned_at + 20 * cd.minute, cd.j >= 13),
       ('Delivered', v.delivered_at, cd.j >= 15)
     ) s(status, at, happened)
     where s.happened`,
  );

  const { rows: dispatchers } = await sql<{ client_id: string; center_id: string }>(
    'select client_id, center_id from chain_staff where rank = 1 order by center_n',
  );
  const { rows: ordered } = await sql<{ id: string }>('select id from chain_centers order by n');
  for (const table of ['chain_deliveries', 'chain_staff', 'chain_centers']) await sql(`drop table ${table}`);
  for (const table of ['centers', 'quotas', 'staff', 'staff_centers', 'shifts', 'deliveries', 'orders']) {
    await sql(`analyze ${table}`);
  }
  return {
    centerIds: ordered.map((r) => r.id),
    dispatchers: dispatchers.map((r) => ({ clientId: r.client_id, centerId: r.center_id })),
    rows: {
      centers: made.length,
      staff: centers * staffPerCenter,
      'on a shift': shifts,
      'stock rows': stock,
      supplies,
      'center prices': prices,
      'deliveries today': centers * deliveriesPerCenter,
      'delivery steps': steps,
    },
    seconds: (Date.now() - t0) / 1000,
  };
}
