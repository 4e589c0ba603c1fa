import { and, eq, sql } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import { LAGOS_UTC_OFFSET_MS } from '../../../domain/format';
import type { Quota } from '../../../domain/schemas/quota';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import type { StockNeed } from '../order/legs';
import { quantitiesOrderedSince } from '../order/lookups';
import { findProductsByIds } from '../product/catalogue';
import { type QuotaRow, quotas } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the current Lagos day, as an instant. */
export function lagosDayStart(now = new Date()): Date {
  const shifted = now.getTime() + LAGOS_UTC_OFFSET_MS;
  return new Date(shifted - (shifted % DAY_MS) - LAGOS_UTC_OFFSET_MS);
}

/** What orders placed today (and still standing) took of each product. */
export async function usedToday(
  db: DbOrTx,
  productIds: string[],
  now = new Date(),
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  return quantitiesOrderedSince(db, productIds, lagosDayStart(now), exceptOrderId);
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

/**
 * Checks an order against the quotas of its products and takes the stock, inside the order's
 * transaction. The quota rows are locked first, so two orders racing for the last cylinder
 * cannot both get it.
 */
export async function reserveQuota(tx: DbOrTx, needs: QuotaNeed[], placedOrderId?: string): Promise<void> {
  const byProduct = new Map<string, QuotaNeed>();
  for (const need of needs) {
    const prev = byProduct.get(need.productId);
    byProduct.set(need.productId, prev ? { ...prev, quantity: prev.quantity + need.quantity } : { ...need });
  }
  const ids = [...byProduct.keys()];
  if (ids.length === 0) return;
  const rows = await quotasForUpdate.run(tx, { ids });
  if (rows.length === 0) return;
  const used = await usedToday(
    tx,
    rows.filter((r) => r.dailyLimit !== null).map((r) => r.productId),
    new Date(),
    placedOrderId,
  );
  for (const row of rows) {
    const need = byProduct.get(row.productId);
    if (!need) continue;
    if (row.stock !== null && need.quantity > row.stock) {
      throw new AppError(
        row.stock <= 0
          ? `${need.name} is out of stock`
          : `Only ${amountText(row.stock, need.unit)} of ${need.name} left; you asked for ${amountText(need.quantity, need.unit)}`,
        {
          status: 409,
          type: ErrorType.Conflict,
          additionalInfo: { reason: 'QuotaExceeded', productId: row.productId, available: Math.max(0, row.stock) },
        },
      );
    }
    if (row.dailyLimit !== null) {
      const left = Math.max(0, row.dailyLimit - (used.get(row.productId) ?? 0));
      if (need.quantity > left) {
        throw new AppError(
          left <= 0
            ? `Today's limit for ${need.name} is reached; please order again tomorrow`
            : `Only ${amountText(left, need.unit)} of ${need.name} can still be ordered today`,
          {
            status: 409,
            type: ErrorType.Conflict,
            additionalInfo: { reason: 'DailyLimitReached', productId: row.productId, available: left },
          },
        );
      }
    }
    if (row.stock !== null) {
      await takeStock.run(tx, { id: row.id, quantity: need.quantity, now: new Date().toISOString() });
    }
  }
}

// Every order placed runs these: built once (db/statement.ts).
const quotasForUpdate = statement('quotas_for_update', (db) =>
  db
    .select()
    .from(quotas)
    .where(sql`${quotas.productId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(quotas.productId)
    .for('update'),
);
const takeStock = statement('quota_take_stock', (db) =>
  db
    .update(quotas)
    .set({
      stock: sql`${quotas.stock} - ${sql.placeholder('quantity')}::double precision`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(eq(quotas.id, sql.placeholder('id'))),
);

/** Gives a cancelled order's stock back. */
export async function releaseQuota(tx: DbOrTx, lines: { productId: string; quantity: number }[]): Promise<void> {
  for (const line of lines) {
    await tx
      .update(quotas)
      .set({ stock: sql`${quotas.stock} + ${line.quantity}` })
      .where(and(eq(quotas.productId, line.productId), sql`${quotas.stock} is not null`));
  }
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Quotas with their product and today's use, for the staff lists: by product type, then name. */
export async function listQuotas(db: DbOrTx, filter: { supplierId?: string } = {}): Promise<Quota[]> {
  const quotaRows = await db
    .select()
    .from(quotas)
    .where(filter.supplierId ? eq(quotas.supplierId, filter.supplierId) : undefined);
  const ids = quotaRows.map((q) => q.productId);
  const [productsById, used] = await Promise.all([findProductsByIds(db, ids), usedToday(db, ids)]);
  const rows = quotaRows.flatMap((quota) => {
    const product = productsById.get(quota.productId);
    return product ? [{ quota, productName: product.name, productType: product.type }] : [];
  });
  rows.sort((a, b) => byCodePoint(a.productType, b.productType) || byCodePoint(a.productName, b.productName));
  return rows.map(({ quota, productName, productType }) => {
    const u = used.get(quota.productId) ?? 0;
    return {
      id: quota.id,
      productId: quota.productId,
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
