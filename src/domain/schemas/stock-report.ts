// The stock and transfer reports of a gas center or of the company (GET /api/quota/report,
// GET /api/centers/transfers/report): who sees which center as for sales (reportCenterParamSchema),
// JSON or a CSV file.
import { z } from 'zod';
import { productTypeValues } from '../enums';
import { reportCenterParamSchema, reportCenterSchema, reportFormatSchema, salesQuerySchema } from './sales';
import { stockTransferSchema } from './stock-transfer';

/** kg for gas, items otherwise. */
export const stockUnitSchema = z.enum(['kg', 'item']);
export type StockUnit = z.infer<typeof stockUnitSchema>;

/** GET /api/quota/report: the center (or the company), the format. Stock is as it is now. */
export const stockReportQuerySchema = z.object({
  center: reportCenterParamSchema.optional(),
  format: reportFormatSchema.optional(),
});
export type StockReportQuery = z.infer<typeof stockReportQuerySchema>;

/** A product's stock at one center. */
export const centerStockSchema = z.object({
  centerId: z.string(),
  centerName: z.string(),
  /** On hand there; null: that center does not count this product (no figure to add). */
  onHand: z.number().nullable(),
  /** Sent to this center by another, not received yet. */
  incoming: z.number(),
  /** Sent from this center to another, not received yet (already off its stock). */
  outgoing: z.number(),
  /** On hand and on its way here: what the center will have once what is coming is received. */
  total: z.number(),
});
export type CenterStock = z.infer<typeof centerStockSchema>;

export const productStockSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productType: z.enum(productTypeValues),
  unit: stockUnitSchema,
  /** The report's figures: the sum of its centers' (`byCenter`). */
  onHand: z.number(),
  inTransit: z.number(),
  total: z.number(),
  byCenter: z.array(centerStockSchema),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export const stockReportSchema = z.object({
  /** When the figures were read. */
  asOf: z.string(),
  /** The center the report is for (null: the company, each center in `byCenter`). */
  center: reportCenterSchema,
  products: z.array(productStockSchema),
});
export type StockReport = z.infer<typeof stockReportSchema>;

/** GET /api/centers/transfers/report: Lagos days, the center, the format; the CSV by day or one line per transfer. */
export const transferReportQuerySchema = salesQuerySchema.extend({
  center: reportCenterParamSchema.optional(),
  format: reportFormatSchema.optional(),
  by: z.enum(['day', 'transfer']).optional(),
});
export type TransferReportQuery = z.infer<typeof transferReportQuerySchema>;

/** What moved of one product on one Lagos day (quantities in its unit; counts of transfers). */
export const transferDaySchema = z.object({
  date: z.string(),
  productId: z.string(),
  productName: z.string(),
  productType: z.enum(productTypeValues),
  unit: stockUnitSchema,
  /** Sent that day (whatever became of it after). */
  sent: z.number(),
  sentCount: z.number(),
  /** Received that day. */
  received: z.number(),
  receivedCount: z.number(),
  /** Called off that day, back to the sender's stock. */
  cancelled: z.number(),
  cancelledCount: z.number(),
});
export type TransferDay = z.infer<typeof transferDaySchema>;

export const centerTransfersSchema = z.object({
  centerId: z.string(),
  centerName: z.string(),
  days: z.array(transferDaySchema),
});
export type CenterTransfers = z.infer<typeof centerTransfersSchema>;

export const transferReportSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  center: reportCenterSchema,
  /** The report's lines by day and product: the center's, or every center's added up. */
  days: z.array(transferDaySchema),
  /** Each center's lines, which add up to `days`. */
  byCenter: z.array(centerTransfersSchema),
  /** The transfers sent, received or cancelled in these days, newest first (at most 500). */
  transfers: z.array(stockTransferSchema),
  /** How many more there were than `transfers` shows (all are in the CSV file `by=transfer`). */
  moreTransfers: z.number(),
});
export type TransferReport = z.infer<typeof transferReportSchema>;
