import { date, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, requiredRef, timestamps } from '../../db/columns';
import { clients } from '../client/tables';

/** A client's own gas cylinders, so refills can name them and expired ones are flagged. */
export const clientCylinders = pgTable(
  'client_cylinders',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id, 'cascade'),
    sizeKg: doublePrecision('size_kg').notNull(),
    serialNumber: text('serial_number').notNull(),
    label: text('label'),
    /** End of the cylinder's safe life (stamped on the collar), yyyy-MM-dd. */
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    ...timestamps(),
  },
  (t) => [index('client_cylinders_client_idx').on(t.clientId)],
);

export type ClientCylinderRow = typeof clientCylinders.$inferSelect;
