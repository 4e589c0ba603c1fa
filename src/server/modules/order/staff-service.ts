import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import { LAGOS_UTC_OFFSET_MS } from '../../../domain/format';
import type { OrderFilterQuery, OrderWithClient } from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import { normalizeOrderNumber } from '../../lib/references';
import { clientIdsWithPhoneLike, findClientsByIds } from '../client';
import { type OrderRow, orders } from './tables';
import { toOrderViews } from './view';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight starting the Lagos day yyyy-MM-dd. */
const lagosMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_UTC_OFFSET_MS);

/** The orders' views, each with its client (the clients come in one batch). */
async function withClients(db: DbOrTx, rows: OrderRow[]): Promise<OrderWithClient[]> {
  const [views, clients] = await Promise.all([
    toOrderViews(db, rows),
    findClientsByIds(
      db,
      rows.map((r) => r.clientId),
    ),
  ]);
  return views.map((v, i) => {
    const client = clients.get(rows[i]?.clientId ?? '');
    return {
      ...v,
      // The pickup code is the client's proof, at the counter and at the door (a rider's
      // Delivered needs it): staff are never shown it, only find an order by it.
      pickupCode: null,
      client: client
        ? {
            id: client.id,
            phoneLocal: client.phoneLocal,
            firstname: client.firstname,
            lastname: client.lastname,
            email: client.email,
          }
        : { id: '', phoneLocal: '', firstname: null, lastname: null, email: null },
    };
  });
}

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
      .select()
      .from(orders)
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
    .select()
    .from(orders)
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
    eq(orders.orderPaymentNumber, upper),
    eq(orders.pickupCode, upper),
    ilike(orders.orderNumber, `%${upper.replace(/[%_\\]/g, '')}%`),
  ];
  if (phoneLocal.length >= 4) conditions.push(inArray(orders.clientId, clientIdsWithPhoneLike(db, phoneLocal)));
  const rows = await db
    .select()
    .from(orders)
    .where(or(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return withClients(db, rows);
}
