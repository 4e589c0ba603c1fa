// The stock report: each product counted at a center, what is on hand at each center and what is
// on its way between them. A transfer in transit is off the sender's stock and not yet on the
// receiver's, so it is counted once, at the center it goes to: a center's total is its stock and
// what is coming to it, and the company's the sum of the centers'.
import { and, eq, isNotNull, or } from 'drizzle-orm';
import { ProductType, StockTransferStatus } from '../../../domain/enums';
import type { CenterStock, ProductStock, StockReport, StockUnit } from '../../../domain/schemas/stock-report';
import type { Db } from '../../db/client';
import { type CenterScope, centerNamesOf } from '../centers';
import { findProductsByIds } from '../product';
import { quotas, stockTransfers } from './tables';

/** The centers a report covers (the centers module's centerScopeOf decides them). */
export type StockScope = Pick<CenterScope, 'centerId' | 'center' | 'centers'>;

/** Quantities are kg to the gram or whole items: a sum of doubles is rounded back to that. */
export const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;

export const unitOf = (type: ProductType): StockUnit => (type === ProductType.Gas ? 'kg' : 'item');

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stock of the scope's centers as it is now, read from one snapshot (a transfer sent or
 * received meanwhile is counted on one side only). Products counted at one of them (a stock
 * figure) or on their way to or from one, by product type then name; under each, every center of
 * the scope, a center that does not count it with no figure on hand.
 */
export async function stockReport(db: Db, scope: StockScope, now = new Date()): Promise<StockReport> {
  const only = scope.centerId;
  const { held, moving } = await db.transaction(
    async (tx) => ({
      held: await tx
        .select({ productId: quotas.productId, centerId: quotas.centerId, stock: quotas.stock })
        .from(quotas)
        .where(and(isNotNull(quotas.stock), only ? eq(quotas.centerId, only) : undefined)),
      moving: await tx
        .select({
          productId: stockTransfers.productId,
          from: stockTransfers.fromCenterId,
          to: stockTransfers.toCenterId,
          quantity: stockTransfers.quantity,
        })
        .from(stockTransfers)
        .where(
          and(
            eq(stockTransfers.status, StockTransferStatus.InTransit),
            only ? or(eq(stockTransfers.fromCenterId, only), eq(stockTransfers.toCenterId, only)) : undefined,
          ),
        ),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // The company's centers are the scope's, and any other a row names (a center added on another
  // instance within the minute its list is kept), so the centers always add up to the total.
  const centers = [...scope.centers];
  if (!only) {
    const known = new Set(centers.map((c) => c.id));
    const others = [...new Set([...held.map((h) => h.centerId), ...moving.flatMap((m) => [m.from, m.to])])].filter(
      (id) => !known.has(id),
    );
    if (others.length) {
      const names = await centerNamesOf(db, others);
      for (const id of others) centers.push({ id, name: names.get(id) ?? '' });
    }
  }

  const products = await findProductsByIds(db, [...held.map((h) => h.productId), ...moving.map((m) => m.productId)]);
  const lines = new Map<string, Map<string, { onHand: number | null; incoming: number; outgoing: number }>>();
  const lineOf = (productId: string, centerId: string) => {
    let perCenter = lines.get(productId);
    if (!perCenter) {
      perCenter = new Map(centers.map((c) => [c.id, { onHand: null, incoming: 0, outgoing: 0 }]));
      lines.set(productId, perCenter);
    }
    return perCenter.get(centerId);
  };
  for (const h of held) {
    const line = lineOf(h.productId, h.centerId);
    if (line) line.onHand = h.stock;
  }
  for (const m of moving) {
    const to = lineOf(m.productId, m.to);
    if (to) to.incoming += m.quantity;
    const from = lineOf(m.productId, m.from);
    if (from) from.outgoing += m.quantity;
  }

  const report: ProductStock[] = [];
  for (const [productId, perCenter] of lines) {
    const product = products.get(productId);
    if (!product) continue;
    const byCenter: CenterStock[] = centers.map((c) => {
      const line = perCenter.get(c.id) ?? { onHand: null, incoming: 0, outgoing: 0 };
      return {
        centerId: c.id,
        centerName: c.name,
        onHand: line.onHand === null ? null : roundQuantity(line.onHand),
        incoming: roundQuantity(line.incoming),
        outgoing: roundQuantity(line.outgoing),
        total: roundQuantity((line.onHand ?? 0) + line.incoming),
      };
    });
    const sum = (pick: (c: CenterStock) => number) => roundQuantity(byCenter.reduce((n, c) => n + pick(c), 0));
    report.push({
      productId,
      productName: product.name,
      productType: product.type,
      unit: unitOf(product.type),
      onHand: sum((c) => c.onHand ?? 0),
      inTransit: sum((c) => c.incoming),
      total: sum((c) => c.total),
      byCenter,
    });
  }
  report.sort((a, b) => byCodePoint(a.productType, b.productType) || byCodePoint(a.productName, b.productName));
  return { asOf: now.toISOString(), center: scope.center, products: report };
}
