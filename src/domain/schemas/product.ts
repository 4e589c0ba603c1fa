import { z } from 'zod';
import { productTypeValues } from '../enums';

export const productSchema = z.object({
  id: z.string(),
  type: z.enum(productTypeValues),
  name: z.string(),
  description: z.string(),
  /** Kobo: per kg for Gas, per item otherwise. */
  price: z.number().int(),
  /** Cylinder capacity, for Cylinder products. */
  sizeKg: z.number().nullable(),
  imageUrl: z.string().nullable(),
  /** What may still be ordered now (stock and today's limit), null when unlimited. */
  available: z.number().nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({ products: z.array(productSchema) });
export type ProductList = z.infer<typeof productListSchema>;
