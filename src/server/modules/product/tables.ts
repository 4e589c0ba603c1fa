import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductType } from '../../../domain/enums';
import { id, requiredRef, timestamps } from '../../db/columns';
import { centers } from '../centers/tables';
import { staff } from '../staff/tables';

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

/**
 * Every price a product has had, newest last. Orders keep the unit price they were placed at,
 * so a change applies from effectiveFrom on and never rewrites a past sale.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: id(),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    /** Null for the first price of a product created through the dashboard. */
    oldPrice: bigint('old_price', { mode: 'number' }),
    newPrice: bigint('new_price', { mode: 'number' }).notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => staff.id, { onDelete: 'set null' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The catalogue version this change made (1, 2, 3… in the order changes are written; the
     * catalogue says which version its prices are). Numbered by a trigger (migration 0024), one
     * change at a time: the value given on insert is ignored.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`null`),
  },
  (t) => [
    index('product_price_history_product_idx').on(t.productId, t.effectiveFrom),
    uniqueIndex('product_price_history_version').on(t.version),
  ],
);

export type ProductPriceHistoryRow = typeof productPriceHistory.$inferSelect;

/**
 * A gas center's own price of a product (kobo: per kg for gas, per item otherwise): orders and
 * walk-in sales at that center are priced at it instead of the company's `products.price`. The
 * company price alone has a history; a center's price set or removed is in the audit trail.
 */
export const centerPrices = pgTable(
  'center_prices',
  {
    centerId: requiredRef('center_id', () => centers.id, 'cascade'),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    price: bigint('price', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ name: 'center_prices_pk', columns: [t.centerId, t.productId] })],
);

export type CenterPriceRow = typeof centerPrices.$inferSelect;
