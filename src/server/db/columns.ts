import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

/** The columns every table shares: a random id and its timestamps. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * A link every row must have to a row of another table: a uuid that is never null, with its
 * foreign key. `onDelete: 'cascade'` when the row goes with the one it names; without it, that
 * row cannot be deleted while this one names it.
 */
export const requiredRef = <Name extends string>(
  name: Name,
  target: () => AnyPgColumn,
  onDelete?: UpdateDeleteAction,
) =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : undefined);
