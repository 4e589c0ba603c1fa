import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns';

/** A company that supplies gas (and cylinders) to the gas center. */
export const suppliers = pgTable('suppliers', {
  id: id(),
  name: text('name').notNull(),
  phoneLocal: text('phone_local').notNull().unique(),
  email: text('email'),
  address: text('address'),
  ...timestamps(),
});

export type SupplierRow = typeof suppliers.$inferSelect;
