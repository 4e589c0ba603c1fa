import { z } from 'zod';
import { CYLINDER_SIZES_KG } from '../constants';

/** Cylinders due for requalification within this many days are flagged early. */
export const CYLINDER_EXPIRY_WARNING_DAYS = 60;

export const cylinderInputSchema = z.object({
  sizeKg: z.number().refine((n) => (CYLINDER_SIZES_KG as readonly number[]).includes(n), {
    message: `Cylinder size must be one of ${CYLINDER_SIZES_KG.join(', ')} kg`,
  }),
  serialNumber: z.string().trim().min(3, 'Enter the serial number on the collar').max(40),
  label: z.string().trim().max(60).optional(),
  /** yyyy-MM-dd */
  expiryDate: z.iso.date('Enter the expiry date as yyyy-MM-dd'),
});
export type CylinderInput = z.infer<typeof cylinderInputSchema>;

export const cylinderSchema = z.object({
  id: z.string(),
  sizeKg: z.number(),
  serialNumber: z.string(),
  label: z.string().nullable(),
  expiryDate: z.string(),
  /** Past its safe life: must not be refilled until requalified. */
  expired: z.boolean(),
  /** Within CYLINDER_EXPIRY_WARNING_DAYS of expiry. */
  expiresSoon: z.boolean(),
  /** A sentence to show the client when expired or expiring; null otherwise. */
  warning: z.string().nullable(),
  createdAt: z.string(),
});
export type Cylinder = z.infer<typeof cylinderSchema>;

export const cylinderListSchema = z.object({ cylinders: z.array(cylinderSchema) });
