import { z } from 'zod';
import { supplyStatusValues } from '../enums';

const kg = z.number().positive().max(1_000_000);
const kobo = z.number().int('Amounts are whole kobo').min(0).max(100_000_000_000);

/** POST /api/supply/new: ask a supplier for gas (status WaitingSupplierResponse). */
export const newSupplyBodySchema = z.object({
  supplierId: z.uuid(),
  productId: z.uuid().optional(),
  /** The gas center it is for and arrives at (default: the center of the recorder's shift). */
  centerId: z.uuid().optional(),
  quantityKg: kg,
  /** The agreed cost of the whole supply (kobo). */
  amount: kobo,
  note: z.string().trim().max(300).optional(),
});
export type NewSupplyBody = z.infer<typeof newSupplyBodySchema>;

/** POST /api/supply/delivery: a supply was delivered or paid. */
export const supplyDeliveryBodySchema = z.object({
  supplyId: z.uuid(),
  status: z.enum(supplyStatusValues),
  /** What actually arrived; defaults to what was asked for. */
  deliveredKg: kg.optional(),
  note: z.string().trim().max(300).optional(),
});
export type SupplyDeliveryBody = z.infer<typeof supplyDeliveryBodySchema>;

/** POST /api/supply/new_delivery: a delivery that arrived without a request (status Delivered). */
export const newDeliveryBodySchema = newSupplyBodySchema.extend({ deliveredKg: kg.optional() });
export type NewDeliveryBody = z.infer<typeof newDeliveryBodySchema>;

export const supplySchema = z.object({
  id: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  productId: z.string().nullable(),
  centerId: z.string(),
  quantityKg: z.number(),
  deliveredKg: z.number().nullable(),
  amount: z.number(),
  status: z.enum(supplyStatusValues),
  note: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Supply = z.infer<typeof supplySchema>;
export const supplyListSchema = z.array(supplySchema);
