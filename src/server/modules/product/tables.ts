import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
 * Every price a product has had, newest last: the company's, and each center's own (`centerId`).
 * Orders keep the unit price they were placed at, so a change applies from effectiveFrom on and
 * never rewrites a past sale.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: id(),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    /**
     * The center whose own price changed (migration 0030); null for the company price. A center's
     * price before its first change held from always, as the company price before version 1.
     */
    centerId: uuid('center_id').references(() => centers.id),
    /**
     * Null for the first price of a product created through the dashboard, and, in a center's
     * row, for no price of its own there (the company price applied).
     */
    oldPrice: bigint('old_price', { mode: 'number' }),
    /** Never null for the company price; in a center's row, null when its own price was removed. */
    newPrice: bigint('new_price', { mode: 'number' }),
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
    index('product_price_history_center_idx')
      .on(t.centerId, t.productId, t.effectiveFrom)
      .where(sql`${t.centerId} is not null`),
    uniqueIndex('product_price_history_version').on(t.version),
    check('product_price_history_company_price_check', sql`${t.centerId} is not null or ${t.newPrice} is not null`),
  ],
);

export type ProductPriceHistoryRow = typeof productPriceHistory.$inferSelect;

/**
 * A gas center's own price of a product (kobo: per kg for gas, per item otherwise): orders and
 * walk-in sales at that center are priced at it instead of the company's `products.price`. Each
 * set or removal is a row of productPriceHistory naming the center (a catalogue version), and is
 * in the audit trail.
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
