import { z } from 'zod';

/** Kobo, whole and not absurd: ₦100,000,000 is more cash than a counter drawer holds. */
const koboAmount = z.number().int('Amounts are whole kobo').min(0).max(10_000_000_000);
/** When the staff member acted: an offline tablet syncs later, but the shift keeps the real time. */
const actedAt = z.iso.datetime({ offset: true }).optional();

export const startShiftBodySchema = z.object({
  /** Cash in the drawer at the start (kobo). */
  openingFloat: koboAmount,
  at: actedAt,
  /**
   * The gas center the shift is worked at. Left out: the member's only center; a member of
   * several must say which (400, reason CenterRequired); one they do not work at is refused (403).
   */
  centerId: z.uuid('Unknown gas center').optional(),
});
export type StartShiftBody = z.infer<typeof startShiftBodySchema>;

export const endShiftBodySchema = z.object({
  /** Cash counted in the drawer at the end (kobo). */
  closingCash: koboAmount,
  at: actedAt,
});
export type EndShiftBody = z.infer<typeof endShiftBodySchema>;

export const shiftSalesSchema = z.object({
  Cash: z.number(),
  Electronic: z.number(),
  Wallet: z.number(),
  orders: z.number(),
});

export const shiftSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  /** The gas center the shift is worked at. Always sent; optional for a copy kept from before there were centers. */
  centerId: z.string().optional(),
  /** That center's name (the drawers report says where each drawer was). */
  centerName: z.string().optional(),
  staffName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  workingNow: z.boolean(),
  openingFloat: z.number(),
  closingCash: z.number().nullable(),
  /** Sales the staff member took during the shift, by payment type (kobo). */
  sales: shiftSalesSchema,
  /** Cash taken at the counter into this shift's drawer (kobo). */
  cashSales: z.number(),
  /** Cash paid back out of this shift's drawer (kobo). */
  cashRefunds: z.number(),
  /** Float + cash sales − cash refunds: what the drawer should hold (kobo). Frozen when the shift ends. */
  expectedCash: z.number(),
  /** Counted − expected once ended (negative: short, positive: over); null while open. */
  variance: z.number().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftOrNullSchema = z.object({ shift: shiftSchema.nullable() });
export const shiftListSchema = z.array(shiftSchema);

export const shiftIdParamsSchema = z.object({ id: z.uuid() });
export const staffIdParamsSchema = z.object({ staffId: z.uuid() });

export const shiftListQuerySchema = z.object({
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
  staffId: z.uuid().optional(),
});

/**
 * GET /api/admin/shift, the drawers report: the days, the gas center (as for sales:
 * reportCenterParamSchema), and as a CSV file one row per shift, or the drawers added up by day,
 * staff member or center (`by`).
 */
export const drawersQuerySchema = shiftListQuerySchema.extend({
  center: z.union([z.uuid('Unknown gas center'), z.literal('all')]).optional(),
  format: z.enum(['json', 'csv']).optional(),
  by: z.enum(['shift', 'day', 'staff', 'center']).optional(),
});
export type DrawersQuery = z.infer<typeof drawersQuerySchema>;

// The offline queue's contract between the page and the service worker lives in
// ../offline-queue.ts, free of zod, so the worker does not carry the schemas library.
export * from '../offline-queue';
export const queuedBodySchema = z.object({ queued: z.literal(true), key: z.string() });
