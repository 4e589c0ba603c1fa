import { z } from 'zod';
import { productTypeValues } from '../enums';

export const quotaSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The gas center this stock is at. */
  centerId: z.string(),
  productName: z.string(),
  productType: z.enum(productTypeValues),
  /** On hand (kg for gas, items otherwise); null = not tracked. */
  stock: z.number().nullable(),
  /** Cap per Lagos day; null = none. */
  dailyLimit: z.number().nullable(),
  /** Taken today by orders that are not cancelled. */
  usedToday: z.number(),
  /** What may still be ordered now; null = unlimited. */
  available: z.number().nullable(),
  supplierId: z.string().nullable(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type Quota = z.infer<typeof quotaSchema>;

export const quotaListSchema = z.object({ quotas: z.array(quotaSchema) });

/** PUT /api/quota/{productId} (staff): set or clear the limits of a product. */
export const quotaInputSchema = z.object({
  /** Left out: the stock stays as it is (sales move it meanwhile). */
  stock: z.number().min(0).max(1_000_000).nullable().optional(),
  /**
   * The stock the editor saw when they changed it: if sales (or another editor) moved it since,
   * the change is refused (Conflict) instead of putting back what was sold meanwhile.
   */
  stockWas: z.number().nullable().optional(),
  /** Left out: the daily limit stays as it is. */
  dailyLimit: z.number().min(0).max(1_000_000).nullable().optional(),
  supplierId: z.uuid().nullable().optional(),
  note: z.string().trim().max(300).nullable().optional(),
});
export type QuotaInput = z.infer<typeof quotaInputSchema>;

export const singleSupplierQuerySchema = z.object({ supplierId: z.uuid() });

export const supplierQuotaGroupsSchema = z.object({
  suppliers: z.array(z.object({ supplierId: z.string().nullable(), quotas: z.array(quotaSchema) })),
});
