import { z } from 'zod';
import { orderStatusValues, paymentTypeValues, productTypeValues } from '../enums';

/** Lagos calendar days, yyyy-MM-dd; both default to today. */
export const salesQuerySchema = z.object({
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/**
 * Which gas center a report is for: a center's id, or "all" (the company, each center beside it).
 * CEO and Manager choose, and see the company when they do not; everyone else sees the center of
 * their shift, and asking for another (or for the company) is refused (403, NotYourCenter).
 */
export const reportCenterParamSchema = z.union([z.uuid('Unknown gas center'), z.literal('all')]);
export type ReportCenterParam = z.infer<typeof reportCenterParamSchema>;

/** A staff list of a gas center or of the company (shifts, supplies): `center`, as the reports take it. */
export const centerQuerySchema = z.object({ center: reportCenterParamSchema.optional() });

/** A report as a file: `format=csv` (or `Accept: text/csv`) answers CSV instead of JSON. */
export const reportFormatSchema = z.enum(['json', 'csv']);

/** GET /api/sales, GET /api/admin/sales/staff: the days, the center, the format. */
export const salesReportQuerySchema = salesQuerySchema.extend({
  center: reportCenterParamSchema.optional(),
  format: reportFormatSchema.optional(),
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** The center a report covers; null: every center (the company). */
export const reportCenterSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type ReportCenter = z.infer<typeof reportCenterSchema>;

const byPaymentType = z.object({ Cash: z.number(), Electronic: z.number(), Wallet: z.number() });

export const salesDaySchema = byPaymentType.extend({ date: z.string(), total: z.number(), orders: z.number() });

/** One gas center's sales in a report (its share of the company's). */
export const centerSalesSchema = z.object({
  centerId: z.string(),
  centerName: z.string(),
  total: z.number(),
  orders: z.number(),
  byPaymentType,
  byDay: z.array(salesDaySchema),
});
export type CenterSales = z.infer<typeof centerSalesSchema>;

export const salesTotalsSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  total: z.number(),
  orders: z.number(),
  byPaymentType,
  byDay: z.array(salesDaySchema),
  /** GET /api/sales: the center the figures are for (null: the company). */
  center: reportCenterSchema.optional(),
  /** GET /api/sales: each center's figures, which add up to the ones above. */
  byCenter: z.array(centerSalesSchema).optional(),
});
export type SalesTotals = z.infer<typeof salesTotalsSchema>;

export const staffSalesSchema = byPaymentType.extend({
  staffId: z.string(),
  name: z.string(),
  total: z.number(),
  orders: z.number(),
});
export type StaffSales = z.infer<typeof staffSalesSchema>;

export const staffSalesListSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** The center the rows are for (null: the company); a sale counts for its order's center. */
  center: reportCenterSchema.optional(),
  staff: z.array(staffSalesSchema),
});
export type StaffSalesList = z.infer<typeof staffSalesListSchema>;

export const staffSalesDetailSchema = salesTotalsSchema.extend({ staffId: z.string(), name: z.string() });
export type StaffSalesDetail = z.infer<typeof staffSalesDetailSchema>;

/** GET /api/admin/orders: status, fromDate, toDate, the gas center (the admin order filter). */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(orderStatusValues).optional(),
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
  center: reportCenterParamSchema.optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(orderStatusValues),
  paymentStatus: z.string(),
  paymentType: z.enum(paymentTypeValues).nullable(),
  deliveryOption: z.string(),
  type: z.string(),
  total: z.number(),
  clientName: z.string(),
  clientPhone: z.string(),
  /** The gas center it is collected at, or delivered from, and its name. */
  centerId: z.string().optional(),
  centerName: z.string().optional(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListSchema = z.array(adminOrderSummarySchema);

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  subtotal: z.number(),
  deliveryFee: z.number(),
  pickupDispute: z.string(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      unitPrice: z.number(),
      quantity: z.number(),
      sizeKg: z.number().nullable(),
      lineTotal: z.number(),
    }),
  ),
  events: z.array(z.object({ status: z.string(), note: z.string().nullable(), createdAt: z.string() })),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// Catalogue updates by staff (POST /api/product/new, PUT /api/product/price/{id}). Kept here
// because a price is what a sale is made at; the product area's own schemas stay theirs.
const priceKobo = z.number().int('Prices are whole kobo').positive().max(100_000_000_000);
/** A product's name as a manager types it, with messages a manager reads. */
const productName = z
  .string()
  .trim()
  .min(2, 'The name needs at least 2 characters')
  .max(120, 'The name can be at most 120 characters');

export const newProductBodySchema = z.object({
  type: z.enum(productTypeValues),
  name: productName,
  description: z.string().trim().max(500).default(''),
  /** Kobo: per kg for Gas, per item otherwise. */
  price: priceKobo,
  sizeKg: z.number().positive().max(1000).optional(),
  imageUrl: z.string().max(500).optional(),
});
export type NewProductBody = z.input<typeof newProductBodySchema>;

export const updateProductBodySchema = z.object({
  name: productName.optional(),
  description: z.string().trim().max(500).optional(),
  imageUrl: z.string().max(500).nullable().optional(),
  active: z.boolean().optional(),
});
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

export const priceChangeBodySchema = z.object({ price: priceKobo, reason: z.string().trim().max(200).optional() });
export type PriceChangeBody = z.infer<typeof priceChangeBodySchema>;

/** PUT /api/product/center_price/{id}: a gas center's own price of a product (null: the company's again). */
export const centerPriceBodySchema = z.object({ centerId: z.uuid('Unknown gas center'), price: priceKobo.nullable() });
export type CenterPriceBody = z.infer<typeof centerPriceBodySchema>;

export const centerPriceSchema = z.object({ centerId: z.string(), productId: z.string(), price: z.number() });
export type CenterPrice = z.infer<typeof centerPriceSchema>;

/** GET /api/product/center_prices: every center's own prices (a product and center not listed: the company price). */
export const centerPriceListSchema = z.object({ prices: z.array(centerPriceSchema) });

export const adminProductSchema = z.object({
  id: z.string(),
  type: z.enum(productTypeValues),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  sizeKg: z.number().nullable(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.array(adminProductSchema);

export const priceHistoryEntrySchema = z.object({
  id: z.string(),
  productId: z.string(),
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  reason: z.string().nullable(),
  changedByName: z.string(),
  effectiveFrom: z.string(),
});
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntrySchema>;
export const priceHistorySchema = z.array(priceHistoryEntrySchema);
