// Stock sent from one gas center to another. Sending takes the quantity off the sender's stock at
// once, under the row's lock (orders at that center cannot sell it meanwhile); the transfer is then
// InTransit until it is received, which adds it to the receiver's stock, or cancelled, which gives
// it back to the sender. Each of those claims the transfer with one conditional update (only while
// InTransit), so whichever comes first is the only one: stock is never counted twice or lost.
import { and, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { ProductType, StockTransferStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { NewStockTransfer } from '../../../domain/schemas/stock-transfer';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit';
import { findActiveProduct, findProductsByIds, type ProductRow } from '../product';
import { quotas, type StockTransferRow, stockTransfers } from './tables';

/** A center as a transfer names it. */
type CenterRef = { id: string; name: string };

const conflict = (message: string, reason: string, extra: Record<string, unknown> = {}) =>
  new AppError(message, { status: 409, type: ErrorType.Conflict, additionalInfo: { reason, ...extra } });

const amountText = (n: number, product: Pick<ProductRow, 'type'>) =>
  product.type === ProductType.Gas ? `${n} kg` : `${n} ${n === 1 ? 'item' : 'items'}`;

/** A transfer with its product, as the lists show it. */
export type TransferWithProduct = StockTransferRow & { productName: string; productType: ProductRow['type'] };

/**
 * Sends stock from one center to another: the quantity leaves the sender's stock now (refused
 * with 409 when it is not counted there, or when there is not that much), and the transfer is
 * InTransit. The caller has checked the sender may act for `from`.
 */
export async function sendTransfer(
  db: DbOrTx,
  staffId: string,
  from: CenterRef,
  to: CenterRef,
  input: Omit<NewStockTransfer, 'fromCenterId' | 'toCenterId'>,
): Promise<StockTransferRow> {
  const product = await findActiveProduct(db, input.productId);
  if (!product) {
    throw new AppError('This product is not on sale', {
      status: 404,
      type: ErrorType.NotFound,
      additionalInfo: { field: 'productId' },
    });
  }
  if (product.type !== ProductType.Gas && !Number.isInteger(input.quantity)) {
    throw new AppError('Send whole items', {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { field: 'quantity' },
    });
  }
  return db.transaction(async (tx) => {
    const here = and(eq(quotas.productId, product.id), eq(quotas.centerId, from.id));
    // One statement: the row is locked, and an order or another transfer that committed meanwhile
    // is counted before the stock is compared.
    const [taken] = await tx
      .update(quotas)
      .set({ stock: sql`${quotas.stock} - ${input.quantity}`, updatedAt: new Date() })
      .where(and(here, isNotNull(quotas.stock), gte(quotas.stock, input.quantity)))
      .returning({ stock: quotas.stock });
    if (!taken) {
      const [row] = await tx.select({ stock: quotas.stock }).from(quotas).where(here);
      if (!row || row.stock === null) {
        throw conflict(
          `${product.name} is not counted at ${from.name}: set its stock there before sending any.`,
          'NotCounted',
        );
      }
      const available = Math.max(row.stock, 0);
      throw conflict(
        available <= 0
          ? `${from.name} has no ${product.name} left to send.`
          : `${from.name} has only ${amountText(available, product)} of ${product.name}; you are sending ${amountText(input.quantity, product)}.`,
        'NotEnoughStock',
        { available },
      );
    }
    const [transfer] = await tx
      .insert(stockTransfers)
      .values({
        fromCenterId: from.id,
        toCenterId: to.id,
        productId: product.id,
        quantity: input.quantity,
        status: StockTransferStatus.InTransit,
        note: input.note || null,
        sentBy: staffId,
      })
      .returning();
    if (!transfer) throw new Error('the transfer was not stored');
    await recordAudit(tx, {
      staffId,
      action: 'stock.transfer_sent',
      subject: product.name,
      changes: {
        transferId: transfer.id,
        from: { centerId: from.id, name: from.name, stockAfter: taken.stock },
        to: { centerId: to.id, name: to.name },
        quantity: input.quantity,
        note: transfer.note,
      },
    });
    return transfer;
  });
}

/** The transfer with this id, or a 404. */
export async function requireTransfer(db: DbOrTx, id: string): Promise<StockTransferRow> {
  const [transfer] = await db.select().from(stockTransfers).where(eq(stockTransfers.id, id));
  if (!transfer) throw new AppError('Transfer not found', { status: 404, type: ErrorType.NotFound });
  return transfer;
}

/** Why a transfer can no longer be received or cancelled: it already was one or the other. */
function settled(transfer: StockTransferRow, asked: 'receive' | 'cancel'): AppError {
  const what =
    transfer.status === StockTransferStatus.Received
      ? 'was already received'
      : transfer.status === StockTransferStatus.Cancelled
        ? 'was cancelled'
        : 'is not in transit';
  return conflict(
    `This transfer ${what}: it cannot be ${asked === 'receive' ? 'received' : 'cancelled'} now.`,
    'NotInTransit',
    {
      status: transfer.status,
    },
  );
}

/**
 * Ends a transfer in transit, once: `Received` adds the quantity to the receiver's stock, and
 * `Cancelled` gives it back to the sender's. The claim is one conditional update (only while
 * InTransit), so a second receive, or a receive racing a cancel, finds it settled (409) and
 * changes nothing. Stock not counted at that center (no row, or a null stock) stays not counted.
 */
async function settleTransfer(
  db: DbOrTx,
  staffId: string,
  id: string,
  outcome: typeof StockTransferStatus.Received | typeof StockTransferStatus.Cancelled,
): Promise<StockTransferRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(stockTransfers)
      .set(
        outcome === StockTransferStatus.Received
          ? { status: outcome, receivedBy: staffId, receivedAt: now }
          : { status: outcome, cancelledBy: staffId, cancelledAt: now },
      )
      .where(and(eq(stockTransfers.id, id), eq(stockTransfers.status, StockTransferStatus.InTransit)))
      .returning();
    if (!claimed) throw settled(await requireTransfer(tx, id), outcome === 'Received' ? 'receive' : 'cancel');
    const centerId = outcome === StockTransferStatus.Received ? claimed.toCenterId : claimed.fromCenterId;
    const [added] = await tx
      .update(quotas)
      .set({ stock: sql`${quotas.stock} + ${claimed.quantity}`, updatedAt: now })
      .where(and(eq(quotas.productId, claimed.productId), eq(quotas.centerId, centerId), isNotNull(quotas.stock)))
      .returning({ stock: quotas.stock });
    const [product] = (await findProductsByIds(tx, [claimed.productId])).values();
    await recordAudit(tx, {
      staffId,
      action: outcome === StockTransferStatus.Received ? 'stock.transfer_received' : 'stock.transfer_cancelled',
      subject: product?.name ?? claimed.productId,
      changes: {
        transferId: claimed.id,
        fromCenterId: claimed.fromCenterId,
        toCenterId: claimed.toCenterId,
        quantity: claimed.quantity,
        // Where the quantity went back into the count, and that center's stock after it.
        centerId,
        stockAfter: added?.stock ?? null,
        counted: Boolean(added),
      },
    });
    return claimed;
  });
}

/** The receiving center takes the transfer in: its quantity joins that center's stock, once. */
export const receiveTransfer = (db: DbOrTx, staffId: string, id: string) =>
  settleTransfer(db, staffId, id, StockTransferStatus.Received);

/** The sender calls the transfer off while in transit: its quantity goes back to the sender's stock, once. */
export const cancelTransfer = (db: DbOrTx, staffId: string, id: string) =>
  settleTransfer(db, staffId, id, StockTransferStatus.Cancelled);

/** A center's transfers, sent or coming, newest first (at most 200), with their product. */
export async function listTransfers(
  db: DbOrTx,
  filter: { centerId: string; status?: StockTransferRow['status'] | undefined },
): Promise<TransferWithProduct[]> {
  const rows = await db
    .select()
    .from(stockTransfers)
    .where(
      and(
        or(eq(stockTransfers.fromCenterId, filter.centerId), eq(stockTransfers.toCenterId, filter.centerId)),
        filter.status ? eq(stockTransfers.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id))
    .limit(200);
  return withProducts(db, rows);
}

/** Transfers with their product's name and type. */
export async function withProducts(db: DbOrTx, rows: StockTransferRow[]): Promise<TransferWithProduct[]> {
  const products = await findProductsByIds(
    db,
    rows.map((r) => r.productId),
  );
  return rows.map((r) => {
    const product = products.get(r.productId);
    return { ...r, productName: product?.name ?? '', productType: product?.type ?? ProductType.Gas };
  });
}
