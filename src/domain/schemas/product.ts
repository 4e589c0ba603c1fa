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

export const productListSchema = z.object({
  products: z.array(productSchema),
  /**
   * The catalogue version these prices are (the number of the last price change, 0 before any).
   * A counter tablet sends it with a sale it makes offline: the sale is priced from that version.
   * The server always says it; a copy saved on a device before it did has none.
   */
  priceVersion: z.number().int().nonnegative().optional(),
});
export type ProductList = z.infer<typeof productListSchema>;
