import { bigint, boolean, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import type { ProductType } from '../../../domain/enums';
import { id, timestamps } from '../../db/columns';

/** The catalogue. Prices are integer kobo; gas is priced per kg, cylinders per size. */
export const products = pgTable('products', {
  id: id(),
  type: text('type').$type<ProductType>().notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Price in kobo: per kg for Gas, per item otherwise. */
  price: bigint('price', { mode: 'number' }).notNull(),
  /** Cylinder capacity in kg, for Cylinder products. */
  sizeKg: doublePrecision('size_kg'),
  imageUrl: text('image_url'),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

export type ProductRow = typeof products.$inferSelect;
