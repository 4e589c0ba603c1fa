import { lte } from 'drizzle-orm';
import { lagosDateKey } from '../../../domain/format';
import { CYLINDER_EXPIRY_WARNING_DAYS, type Cylinder } from '../../../domain/schemas/cylinder';
import type { DbOrTx } from '../../db/client';
import { type ClientCylinderRow, clientCylinders } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A cylinder with its safety flags as of `now` (Lagos calendar days). */
export function toCylinderView(row: ClientCylinderRow, now = new Date()): Cylinder {
  const today = lagosDateKey(now);
  const expired = row.expiryDate < today;
  const daysLeft = Math.round((Date.parse(row.expiryDate) - Date.parse(today)) / DAY_MS);
  const expiresSoon = !expired && daysLeft <= CYLINDER_EXPIRY_WARNING_DAYS;
  return {
    id: row.id,
    sizeKg: row.sizeKg,
    serialNumber: row.serialNumber,
    label: row.label,
    expiryDate: row.expiryDate,
    expired,
    expiresSoon,
    warning: expired
      ? 'This cylinder is past its safe life. Do not refill it: bring it in for inspection or replace it.'
      : expiresSoon
        ? `This cylinder reaches the end of its safe life in ${daysLeft} day${daysLeft === 1 ? '' : 's'}; plan a replacement.`
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every registered cylinder whose expiry date is on or before `until` (yyyy-MM-dd): the reminders read it. */
export async function cylindersExpiringBy(db: DbOrTx, until: string) {
  return db
    .select({
      id: clientCylinders.id,
      clientId: clientCylinders.clientId,
      sizeKg: clientCylinders.sizeKg,
      serialNumber: clientCylinders.serialNumber,
      expiryDate: clientCylinders.expiryDate,
    })
    .from(clientCylinders)
    .where(lte(clientCylinders.expiryDate, until));
}
