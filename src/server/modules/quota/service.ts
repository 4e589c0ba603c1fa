import { and, eq, gte, inArray, notInArray, sql, sum } from 'drizzle-orm';
import { OrderStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { LAGOS_UTC_OFFSET_MS } from '../../../domain/format';
import type { Quota } from '../../../domain/schemas/quota';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../order/tables';
import { products } from '../product/tables';
import { type QuotaRow, quotas } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the current Lagos day, as an instant. */
export function lagosDayStart(now = new Date()): Date {
  const shifted = now.getTime() + LAGOS_UTC_OFFSET_MS;
  return new Date(shifted - (shifted % DAY_MS) - LAGOS_UTC_OFFSET_MS);
}

/** Orders in these states no longer hold what they ordered. */
const RELEASED_STATUSES = [OrderStatus.Cancelled, OrderStatus.Failed];

/** What orders placed today (and still standing) took of each product. */
export async function usedToday(db: DbOrTx, productIds: string[], now = new Date()): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, used: sum(orderItems.quantity) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.productId, productIds),
        gte(orders.createdAt, lagosDayStart(now)),
        notInArray(orders.status, RELEASED_STATUSES),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.used ?? 0)]));
}

/** What may still be ordered: the smaller of stock and today's remaining limit; null = unlimited. */
export function availableOf(quota: Pick<QuotaRow, 'stock' | 'dailyLimit'> | undefined, used: number): number | null {
  if (!quota) return null;
  const limits: number[] = [];
  if (quota.stock !== null) limits.push(quota.stock);
  if (quota.dailyLimit !== null) limits.push(quota.dailyLimit - used);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

export type QuotaNeed = { productId: string; name: string; quantity: number; unit: 'kg' | 'item' };

const amountText = (n: number, unit: 'kg' | 'item') =>
  unit === 'kg' ? `${n} kg` : `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * Checks an order against the quotas of its products and takes the stock, inside the order's
 * transaction. The quota rows are locked first, so two orders racing for the last cylinder
 * cannot both get it.
 */
export async function reserveQuota(tx: DbOrTx, needs: QuotaNeed[]): Promise<void> {
  const byProduct = new Map<string, QuotaNeed>();
  for (const need of needs) {
    const prev = byProduct.get(need.productId);
    byProduct.set(need.productId, prev ? { ...prev, quantity: prev.quantity + need.quantity } : { ...need });
  }
  const ids = [...byProduct.keys()];
  if (ids.length === 0) return;
  const rows = await tx
    .select()
    .from(quotas)
    .where(inArray(quotas.productId, ids))
    .orderBy(quotas.productId)
    .for('update');
  if (rows.length === 0) return;
  const used = await usedToday(
    tx,
    rows.filter((r) => r.dailyLimit !== null).map((r) => r.productId),
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
      await tx
        .update(quotas)
        .set({ stock: sql`${quotas.stock} - ${need.quantity}` })
        .where(eq(quotas.id, row.id));
    }
  }
}

/** Gives a cancelled order's stock back. */
export async function releaseQuota(tx: DbOrTx, lines: { productId: string; quantity: number }[]): Promise<void> {
  for (const line of lines) {
    await tx
      .update(quotas)
      .set({ stock: sql`${quotas.stock} + ${line.quantity}` })
      .where(and(eq(quotas.productId, line.productId), sql`${quotas.stock} is not null`));
  }
}

/** Quotas with their product and today's use, for the staff lists. */
export async function listQuotas(db: DbOrTx, filter: { supplierId?: string } = {}): Promise<Quota[]> {
  const rows = await db
    .select({ quota: quotas, productName: products.name, productType: products.type })
    .from(quotas)
    .innerJoin(products, eq(products.id, quotas.productId))
    .where(filter.supplierId ? eq(quotas.supplierId, filter.supplierId) : undefined)
    .orderBy(products.type, products.name);
  const used = await usedToday(
    db,
    rows.map((r) => r.quota.productId),
  );
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
