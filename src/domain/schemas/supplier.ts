import { z } from 'zod';

export const newSupplierBodySchema = z.object({
  name: z.string().trim().min(2).max(120),
  phoneNumber: z.string().regex(/^(?:0\d{10}|234\d{10})$/, 'Mobile number format is not correct'),
  email: z.email().optional(),
  address: z.string().trim().max(300).optional(),
});
export type NewSupplierBody = z.infer<typeof newSupplierBodySchema>;

export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  phoneLocal: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.array(supplierSchema);

/** What a supplier was asked for, delivered and paid (kg and kobo). */
export const supplierQuotaSchema = z.object({
  supplierId: z.string(),
  name: z.string(),
  requestedKg: z.number(),
  deliveredKg: z.number(),
  /** Delivered but not yet paid for (kobo). */
  amountOwed: z.number(),
  amountPaid: z.number(),
  supplies: z.number(),
});
export type SupplierQuota = z.infer<typeof supplierQuotaSchema>;
export const supplierQuotaListSchema = z.array(supplierQuotaSchema);
