import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ProductType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { LAGOS_UTC_OFFSET_MS, lagosDateKey } from '../../../domain/format';
import type { Quota } from '../../../domain/schemas/quota';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import type { StockNeed, StockRefusal } from '../order';
import { findProductsByIds, listActiveProductRows } from '../product';
import { type QuotaRow, quotas } from './tables';

/** The Lagos offset in seconds, for the SQL below (Lagos is UTC+1 all year). */
const LAGOS_OFFSET_S = sql.raw(String(LAGOS_UTC_OFFSET_MS / 1000));

/** What orders placed today took of the quota's product (its row counts one day: migration 0018). */
export function takenToday(quota: Pick<QuotaRow, 'takenDay' | 'takenToday'>, now = new Date()): number {
  return quota.takenDay === lagosDateKey(now) ? quota.takenToday : 0;
}

/** Today's use of each quota's product. */
export function usedToday(quotaRows: QuotaRow[], now = new Date()): Map<string, number> {
  return new Map(quotaRows.map((q) => [q.productId, takenToday(q, now)]));
}

/** What may still be ordered: the smaller of stock and today's remaining limit; null = unlimited. */
export function availableOf(quota: Pick<QuotaRow, 'stock' | 'dailyLimit'> | undefined, used: number): number | null {
  if (!quota) return null;
  const limits: number[] = [];
  if (quota.stock !== null) limits.push(quota.stock);
  if (quota.dailyLimit !== null) limits.push(quota.dailyLimit - used);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

export type QuotaNeed = StockNeed;

const amountText = (n: number, unit: 'kg' | 'item') =>
  unit === 'kg' ? `${n} kg` : `${n} ${n === 1 ? 'item' : 'items'}`;

/** The Lagos day the database is in, as a `date`. */
const lagosToday = sql`((now() at time zone 'UTC') + ${LAGOS_OFFSET_S} * interval '1 second')::date`;

/**
 * Checking an order against its products' quotas at its gas center and taking the stock, written
 * as parts of the statement that places the order (StockLedger.inStatement, order/placing.ts).
 * `check` locks the quota rows of the (product, center) pairs in `stock_needs`, in product then
 * center order (as every placement does, so two cannot deadlock), and reads them as they are once
 * locked: an order that committed meanwhile is counted. Its `stock_refused` is the first pair that
 * has not enough stock or room under that center's limit today. `take` takes the stock and counts
 * today's use of what the statement wrote (`stock_written`, one row per product and center).
 */
export const stockInStatement = {
  check: sql`stock_held as materialized (
      select q.id, q.product_id, q.center_id, q.stock, q.daily_limit, n.quantity,
             case when q.taken_day = ${lagosToday} then q.taken_today else 0 end as taken
      from ${quotas} q join stock_needs n on n.product_id = q.product_id and n.center_id = q.center_id
      order by q.product_id, q.center_id
      for update of q
    ), stock_refused as (
      select product_id, center_id,
             case when stock is not null and quantity > stock then 'QuotaExceeded' else 'DailyLimitReached' end as reason,
             case when stock is not null and quantity > stock then greatest(stock, 0)
                  else greatest(daily_limit - taken, 0) end as available
      from stock_held
      where (stock is not null and quantity > stock) or (daily_limit is not null and taken + quantity > daily_limit)
      order by product_id, center_id
      limit 1
    )`,
  take: sql`stock_taken as (
      update ${quotas} q
      set stock = q.stock - w.quantity,
          taken_today = case when q.taken_day = ${lagosToday} then q.taken_today else 0 end + w.quantity,
          taken_day = ${lagosToday},
          updated_at = now()
      from stock_held h join stock_written w on w.product_id = h.product_id and w.center_id = h.center_id
      where q.id = h.id
      returning q.id
    )`,
};

/** The refusal of an order `stock_refused` named, worded for the client. */
export function stockRefusal(refused: StockRefusal, needs: QuotaNeed[]): AppError {
  const need = needs.find((n) => n.productId === refused.product_id);
  const name = need?.name ?? 'this product';
  const unit = need?.unit ?? 'item';
  const asked = needs.filter((n) => n.productId === refused.product_id).reduce((sum, n) => sum + n.quantity, 0);
  const available = Number(refused.available);
  const additionalInfo = { reason: refused.reason, productId: refused.product_id, available };
  if (refused.reason === 'QuotaExceeded') {
    return new AppError(
      available <= 0
        ? `${name} is out of stock`
        : `Only ${amountText(available, unit)} of ${name} left; you asked for ${amountText(asked, unit)}`,
      { status: 409, type: ErrorType.Conflict, additionalInfo },
    );
  }
  return new AppError(
    available <= 0
      ? `Today's limit for ${name} is reached; please order again tomorrow`
      : `Only ${amountText(available, unit)} of ${name} can still be ordered today`,
    { status: 409, type: ErrorType.Conflict, additionalInfo },
  );
}

/**
 * Gives a cancelled order's stock back to its center, and its share of that center's day when it
 * was placed on the day the quota counts. One statement for all its lines.
 */
export async function releaseQuota(
  tx: DbOrTx,
  lines: { productId: string; quantity: number }[],
  placedAt: Date,
  centerId: string,
): Promise<void> {
  if (lines.length === 0) return;
  await releaseStock.run(tx, {
    productIds: lines.map((l) => l.productId),
    quantities: lines.map((l) => l.quantity),
    placedDay: lagosDateKey(placedAt),
    centerId,
  });
}

const releaseStock = rawStatement(
  'quota_release',
  sql`update ${quotas} q
    set stock = q.stock + r.quantity,
        taken_today = case when q.taken_day = ${value('placedDay')}::date then greatest(q.taken_today - r.quantity, 0)
                           else q.taken_today end
    from (
      select product_id, sum(quantity) as quantity
      from unnest(${value('productIds')}::uuid[], ${value('quantities')}::double precision[]) as l(product_id, quantity)
      group by product_id
    ) r
    where q.product_id = r.product_id and q.center_id = ${value('centerId')}::uuid`,
);

/**
 * An order moved to another gas center (order/move.ts): its lines go back to the stock of the
 * center it leaves and are taken from the one it goes to, refused (409, nothing changed) when that
 * center has not enough, or, for an order placed today, no room left under its daily limit. The
 * rows of both centers are locked first, in the placing statement's order (product, then center).
 */
export async function moveQuota(
  tx: DbOrTx,
  lines: { productId: string; quantity: number }[],
  move: { from: string; to: string; placedAt: Date },
): Promise<void> {
  const needs = new Map<string, number>();
  for (const l of lines) needs.set(l.productId, (needs.get(l.productId) ?? 0) + l.quantity);
  if (needs.size === 0) return;
  const ids = [...needs.keys()];
  const held = await tx
    .select()
    .from(quotas)
    .where(and(inArray(quotas.productId, ids), inArray(quotas.centerId, [move.from, move.to])))
    .orderBy(asc(quotas.productId), asc(quotas.centerId))
    .for('update');
  const placedToday = lagosDateKey(move.placedAt) === lagosDateKey(new Date());
  const products = await findProductsByIds(tx, ids);
  for (const row of held.filter((q) => q.centerId === move.to)) {
    const quantity = needs.get(row.productId) ?? 0;
    const product = products.get(row.productId);
    const need: QuotaNeed = {
      productId: row.productId,
      name: product?.name ?? 'this product',
      quantity,
      unit: product?.type === ProductType.Gas ? 'kg' : 'item',
    };
    if (row.stock !== null && quantity > row.stock) {
      throw stockRefusal({ product_id: row.productId, reason: 'QuotaExceeded', available: row.stock }, [need]);
    }
    const used = takenToday(row);
    if (placedToday && row.dailyLimit !== null && used + quantity > row.dailyLimit) {
      throw stockRefusal(
        { product_id: row.productId, reason: 'DailyLimitReached', available: Math.max(row.dailyLimit - used, 0) },
        [need],
      );
    }
  }
  await releaseQuota(tx, lines, move.placedAt, move.from);
  const today = lagosDateKey(new Date());
  for (const row of held.filter((q) => q.centerId === move.to)) {
    const quantity = needs.get(row.productId) ?? 0;
    await tx
      .update(quotas)
      .set({
        stock: row.stock === null ? null : sql`${quotas.stock} - ${quantity}`,
        ...(placedToday ? { takenToday: takenToday(row) + quantity, takenDay: today } : {}),
        updatedAt: new Date(),
      })
      .where(eq(quotas.id, row.id));
  }
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One center's quotas with their product and today's use, for the staff lists: by product type, then name. */
export async function listQuotas(
  db: DbOrTx,
  centerId: string,
  filter: { supplierId?: string; productId?: string } = {},
): Promise<Quota[]> {
  const quotaRows = await db
    .select()
    .from(quotas)
    .where(
      and(
        eq(quotas.centerId, centerId),
        filter.supplierId ? eq(quotas.supplierId, filter.supplierId) : undefined,
        filter.productId ? eq(quotas.productId, filter.productId) : undefined,
      ),
    );
  const ids = quotaRows.map((q) => q.productId);
  const productsById = await findProductsByIds(db, ids);
  const rows = quotaRows.flatMap((quota) => {
    const product = productsById.get(quota.productId);
    return product ? [{ quota, productName: product.name, productType: product.type }] : [];
  });
  rows.sort((a, b) => byCodePoint(a.productType, b.productType) || byCodePoint(a.productName, b.productName));
  return rows.map(({ quota, productName, productType }) => {
    const u = takenToday(quota);
    return {
      id: quota.id,
      productId: quota.productId,
      centerId: quota.centerId,
      productName,
      productType,
      stock: quota.stock,
      dailyLimit: quota.dailyLimit,
      usedToday: u,
      available: availableOf(quota, u),
      supplierId: quota.supplierId,
      note: quota.note,
      updatedAt: quota.updatedAt.toISOString(),
    };
  });
}

/**
 * A supply of gas arrived at a center: its kg join that center's stock of the gas the shop sells,
 * where that stock is tracked (a null stock, or no row, is not counted, and stays so). In the
 * caller's transaction, with the supply's own change. Answers the kg added (0 when not tracked).
 */
export async function addSuppliedGas(db: DbOrTx, kg: number, centerId: string): Promise<number> {
  if (!(kg > 0)) return 0;
  const gas = (await listActiveProductRows(db)).find((p) => p.type === ProductType.Gas);
  if (!gas) return 0;
  const updated = await db
    .update(quotas)
    .set({ stock: sql`${quotas.stock} + ${kg}`, updatedAt: new Date() })
    .where(and(eq(quotas.productId, gas.id), eq(quotas.centerId, centerId), isNotNull(quotas.stock)))
    .returning({ id: quotas.id });
  return updated.length ? kg : 0;
}
