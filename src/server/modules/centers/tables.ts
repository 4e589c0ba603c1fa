import { sql } from 'drizzle-orm';
import { doublePrecision, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns';

/**
 * A gas center: where orders are collected and delivered from, and where staff work their
 * shifts. The first one (the oldest) is every installation's original center (migration 0027).
 */
export const centers = pgTable(
  'centers',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The counter's phone, when one was given. */
    phone: text('phone'),
    /** As people read it ("Mon–Sat 7:00–19:00"), when given. */
    openingHours: text('opening_hours'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('centers_name_unique').on(sql`lower(${t.name})`)],
);

export type CenterRow = typeof centers.$inferSelect;

/**
 * The default of a column naming a center: the first center (a function of migration 0027), so a
 * row written without one belongs to it, as everything did before there were several.
 */
export const firstCenterDefault = sql`first_center_id()`;
