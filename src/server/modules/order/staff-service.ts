import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import { LAGOS_UTC_OFFSET_MS } from '../../../domain/format';
import type { OrderFilterQuery, OrderWithClient } from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import { normalizeOrderNumber } from '../../lib/references';
import { clients } from '../client/tables';
import { type OrderRow, orders } from './tables';
import { toOrderViews } from './view';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight starting the Lagos day yyyy-MM-dd. */
const lagosMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_UTC_OFFSET_MS);

async function withClients(db: DbOrTx, rows: { order: OrderRow; client: OrderWithClient['client'] }[]) {
  const views = await toOrderViews(
    db,
    rows.map((r) => r.order),
  );
  return views.map((v, i) => ({
    ...v,
    client: rows[i]?.client ?? { id: '', phoneLocal: '', firstname: null, lastname: null, email: null },
  }));
}

const clientColumns = {
  id: clients.id,
  phoneLocal: clients.phoneLocal,
  firstname: clients.firstname,
  lastname: clients.lastname,
  email: clients.email,
};

/** Staff list: every client's orders, filtered by status, delivery option and Lagos days. */
export async function filterOrders(db: DbOrTx, q: OrderFilterQuery) {
  if (q.fromDate && q.toDate && q.fromDate > q.toDate) {
    throw new AppError('fromDate must not be after toDate', { status: 400, type: ErrorType.InvalidInput });
  }
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(orders.status, q.status));
  if (q.deliveryOption) conditions.push(eq(orders.deliveryOption, q.deliveryOption));
  if (q.fromDate) conditions.push(gte(orders.createdAt, lagosMidnight(q.fromDate)));
  if (q.toDate) conditions.push(lt(orders.createdAt, new Date(lagosMidnight(q.toDate).getTime() + DAY_MS)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ order: orders, client: clientColumns })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: await withClients(db, rows), page: q.page, pageSize: q.pageSize, total: totalRow?.n ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One order with its client, by id or order number (staff). */
export async function orderWithClient(db: DbOrTx, ref: string): Promise<OrderWithClient> {
  const [row] = await db
    .select({ order: orders, client: clientColumns })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(UUID.test(ref) ? eq(orders.id, ref.toLowerCase()) : eq(orders.orderNumber, normalizeOrderNumber(ref)));
  if (!row) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
  const [view] = await withClients(db, [row]);
  if (!view) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
  return view;
}

/** Staff search by order number, payment number, pickup code or the client's phone. */
export async function searchOrdersWithClient(db: DbOrTx, q: string): Promise<OrderWithClient[]> {
  const upper = q.trim().toUpperCase();
  const digits = q.replace(/\D/g, '');
  const phoneLocal = digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
  const conditions: SQL[] = [
    eq(orders.orderNumber, upper),
    eq(orders.paymentNumber, upper),
    eq(orders.pickupCode, upper),
    ilike(orders.orderNumber, `%${upper.replace(/[%_\\]/g, '')}%`),
  ];
  if (phoneLocal.length >= 4) conditions.push(ilike(clients.phoneLocal, `%${phoneLocal}%`));
  const rows = await db
    .select({ order: orders, client: clientColumns })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(or(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return withClients(db, rows);
}
