// Stock sent from one gas center to another (/api/centers/transfers): taken off the sender's
// stock when sent, added to the receiver's once received, or given back once cancelled.
import { z } from 'zod';
import { productTypeValues, stockTransferStatusValues } from '../enums';

/** POST /api/centers/transfers: send stock to another center (kg of gas, items otherwise). */
export const newStockTransferBodySchema = z
  .object({
    fromCenterId: z.uuid('Choose the gas center the stock leaves from'),
    toCenterId: z.uuid('Choose the gas center the stock goes to'),
    productId: z.uuid('Choose a product'),
    quantity: z.number().positive('Send more than nothing').max(1_000_000),
    note: z.string().trim().max(300).optional(),
  })
  .refine((b) => b.fromCenterId !== b.toCenterId, {
    message: 'Send the stock to another gas center',
    path: ['toCenterId'],
  });
export type NewStockTransfer = z.infer<typeof newStockTransferBodySchema>;

export const stockTransferIdParamsSchema = z.object({ id: z.uuid('Unknown transfer') });

/** GET /api/centers/transfers: one center's transfers, sent or coming (default: your shift's center). */
export const stockTransferListQuerySchema = z.object({
  center: z.string().max(64).optional(),
  status: z.enum(stockTransferStatusValues).optional(),
});
export type StockTransferListQuery = z.infer<typeof stockTransferListQuerySchema>;

export const stockTransferSchema = z.object({
  id: z.string(),
  fromCenterId: z.string(),
  fromCenterName: z.string(),
  toCenterId: z.string(),
  toCenterName: z.string(),
  productId: z.string(),
  productName: z.string(),
  productType: z.enum(productTypeValues),
  /** kg for gas, items otherwise. */
  quantity: z.number(),
  status: z.enum(stockTransferStatusValues),
  note: z.string().nullable(),
  /** Who sent, received or cancelled it (a name, else the role; null when no longer known). */
  sentBy: z.string().nullable(),
  sentAt: z.string(),
  receivedBy: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type StockTransfer = z.infer<typeof stockTransferSchema>;

export const stockTransferListSchema = z.object({ transfers: z.array(stockTransferSchema) });
export type StockTransferList = z.infer<typeof stockTransferListSchema>;
