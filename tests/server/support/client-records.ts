import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../../src/server/modules/order/tables';
import { rowsOwnedBy, tablesWithClientId } from './db-snapshot';

/** A pickup order (paid unless said otherwise) written straight into the orders table (no route needed). */
export async function insertOrderFor(app: FastifyInstance, clientId: string, options: { unpaid?: boolean } = {}) {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const [row] = await app.db
    .insert(orders)
    .values({
      orderNumber: `ORD-T${tag}`,
      orderPaymentNumber: `PAY-T${tag}`,
      pickupCode: `P${tag}`,
      clientId,
      type: 'Gas',
      status: options.unpaid ? 'Not Paid' : 'Paid',
      paymentStatus: options.unpaid ? 'pending' : 'success',
      paymentType: options.unpaid ? null : 'Electronic',
      deliveryOption: 'PickerUP',
      subtotal: 1_250_000,
      total: 1_250_000,
      paidAt: options.unpaid ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error('order not stored');
  return row;
}

const IDENTIFYING_COLUMN = /(^id$|_id$|number$|code$|reference$|^ref$|_ref$|account)/i;

/**
 * Every identifying value (ids, numbers, codes, references) of every row a client owns, in any
 * table with a client_id column: what another client must never be able to read through.
 */
export async function identifiersOwnedBy(app: FastifyInstance, clientId: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const table of await tablesWithClientId(app.db)) {
    for (const row of await rowsOwnedBy(app.db, table, clientId)) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string' || value.length < 4 || !IDENTIFYING_COLUMN.test(column)) continue;
        if (column === 'client_id' || column === 'family_id') continue;
        if (table === 'auth_sessions') continue;
        found.set(value, `${table}.${column}`);
      }
    }
  }
  return found;
}
