import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Shift } from '../../../domain/schemas/shift';
import type { DbOrTx } from '../../db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '../../db/sql-state';
import { statement } from '../../db/statement';
import { recordAudit } from '../audit';
import { centerNamesOf, chosenCenter } from '../centers';
import { displayName } from '../client';
import { attributedSales } from '../sales';
import { findStaffPeople, workplacesOf } from '../staff';
import { type ShiftRow, shiftCashMovements, shifts } from './tables';

/** How far back an offline tablet may date an action it syncs late (the queue keeps 7 days). */
const MAX_BACKDATE_MS = 7 * 24 * 60 * 60 * 1000;

const isUniqueViolation = (error: unknown) => hasSqlState(error, UNIQUE_VIOLATION);

/** When the action really happened: the device's time, kept within [notBefore, now]. */
function actedAt(at: string | undefined, notBefore: Date | null, now = new Date()): Date {
  if (!at) return now;
  let t = new Date(at).getTime();
  if (Number.isNaN(t)) return now;
  t = Math.min(t, now.getTime());
  t = Math.max(t, now.getTime() - MAX_BACKDATE_MS, notBefore?.getTime() ?? 0);
  return new Date(t);
}

export async function openShiftOf(db: DbOrTx, staffId: string): Promise<ShiftRow | null> {
  const [row] = await openShiftOfStaff.run(db, { staffId });
  return row ?? null;
}

/** Read for every staff request and event: built once (db/statement.ts). */
const openShiftOfStaff = statement('open_shift_of_staff', (db) =>
  db
    .select()
    .from(shifts)
    .where(and(eq(shifts.staffId, sql.placeholder('staffId')), isNull(shifts.endedAt)))
    .limit(1),
);

/**
 * The staff member's open shift as `{ id, centerId }`, or null: a scalar subquery for a statement
 * that reads the staff row (the session's staff lookup: who is on a shift, and at which center).
 */
export const openShiftRefOf = (staffId: SQL) =>
  sql<{ id: string; centerId: string } | null>`(select json_build_object('id', s.id, 'centerId', s.center_id)
    from ${shifts} s where s.staff_id = ${staffId} and s.ended_at is null limit 1)`;

/** The open shift of each of these staff members that has one, by staff id (one query). */
export async function openShiftsOf(db: DbOrTx, staffIds: readonly string[]): Promise<Map<string, ShiftRow>> {
  const unique = [...new Set(staffIds)];
  if (!unique.length) return new Map();
  const rows = await db
    .select()
    .from(shifts)
    .where(and(inArray(shifts.staffId, unique), isNull(shifts.endedAt)));
  return new Map(rows.map((r) => [r.staffId, r]));
}

/** Someone who leaves is not on a shift any more: their open shift ends now, ended by `endedBy`. */
export async function endShiftOnLeave(tx: DbOrTx, leave: { staffId: string; endedBy: string }): Promise<void> {
  await tx
    .update(shifts)
    .set({ endedAt: new Date(), endedBy: leave.endedBy })
    .where(and(eq(shifts.staffId, leave.staffId), isNull(shifts.endedAt)));
}

/**
 * The gas center a shift is worked at: the one asked for, if the member works there (CEO access:
 * any center); else the member's only center. A member of several must say which.
 */
async function shiftCenter(db: DbOrTx, staffId: string, asked: string | undefined, self: boolean): Promise<string> {
  const places = await workplacesOf(db, staffId);
  if (!places) throw new AppError('Staff member not found', { status: 404, type: ErrorType.NotFound });
  if (asked) {
    if (places.centerIds.includes(asked)) return asked;
    if (!places.everyCenter) {
      throw new AppError(
        self ? 'You do not work at this gas center.' : 'This staff member does not work at this gas center.',
        { status: 403, type: ErrorType.Forbidden, additionalInfo: { reason: 'NotYourCenter', field: 'centerId' } },
      );
    }
    await chosenCenter(db, asked, { field: 'centerId' });
    return asked;
  }
  const [only, ...others] = places.centerIds;
  if (only && others.length === 0) return only;
  throw new AppError(
    `${self ? 'You work' : 'This staff member works'} at more than one gas center: choose the center this shift is at.`,
    {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { reason: 'CenterRequired', field: 'centerId', centerIds: places.centerIds },
    },
  );
}

/**
 * Opens a shift with a cash float at a gas center (shiftCenter); a second open shift is refused
 * (and impossible: a unique index).
 */
export async function startShift(
  db: DbOrTx,
  input: { staffId: string; openingFloat: number; at?: string; startedBy: string; centerId?: string },
): Promise<ShiftRow> {
  const open = await openShiftOf(db, input.staffId);
  if (open) throw alreadyOnShift(open.id);
  const centerId = await shiftCenter(db, input.staffId, input.centerId, input.startedBy === input.staffId);
  const [last] = await db
    .select({ endedAt: shifts.endedAt })
    .from(shifts)
    .where(and(eq(shifts.staffId, input.staffId), isNotNull(shifts.endedAt)))
    .orderBy(desc(shifts.endedAt))
    .limit(1);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shifts)
        .values({
          staffId: input.staffId,
          centerId,
          openingFloat: input.openingFloat,
          startedAt: actedAt(input.at, last?.endedAt ?? null),
          startedBy: input.startedBy === input.staffId ? null : input.startedBy,
        })
        .returning();
      if (!row) throw new Error('shift was not stored');
      await recordAudit(tx, {
        staffId: input.startedBy,
        action: 'shift.started',
        subject: row.id,
        changes: {
          shiftOf: row.staffId,
          centerId: row.centerId,
          openingFloat: row.openingFloat,
          startedAt: row.startedAt.toISOString(),
        },
      });
      return row;
    });
  } catch (error) {
    // Two starts racing: the unique index let one through; the other gets the same answer as a late one.
    if (isUniqueViolation(error)) {
      const winner = await openShiftOf(db, input.staffId);
      throw alreadyOnShift(winner?.id ?? null);
    }
    throw error;
  }
}

function alreadyOnShift(shiftId: string | null) {
  return new AppError('This staff member is already on a shift: end it before starting another', {
    status: 409,
    type: ErrorType.Conflict,
    additionalInfo: { reason: 'ShiftAlreadyStarted', shiftId },
  });
}

function noOpenShift(): AppError {
  return new AppError('There is no open shift to end', {
    status: 409,
    type: ErrorType.Conflict,
    additionalInfo: { reason: 'NoOpenShift' },
  });
}

/** Closes the open shift with the counted cash and freezes what the drawer should have held. */
export async function endShift(
  db: DbOrTx,
  input: { staffId: string; closingCash: number; at?: string; endedBy: string },
): Promise<ShiftRow> {
  const open = await openShiftOf(db, input.staffId);
  if (!open) throw noOpenShift();
  const endedAt = actedAt(input.at, open.startedAt);
  const drawer = (await drawerTotals(db, [open.id])).get(open.id) ?? { cashSales: 0, cashRefunds: 0 };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shifts)
      .set({
        endedAt,
        closingCash: input.closingCash,
        expectedCash: open.openingFloat + drawer.cashSales - drawer.cashRefunds,
        endedBy: input.endedBy === input.staffId ? null : input.endedBy,
      })
      // Only if still open: a concurrent end that got here first wins, this one is refused.
      .where(and(eq(shifts.id, open.id), isNull(shifts.endedAt)))
      .returning();
    if (!row) throw noOpenShift();
    await recordAudit(tx, {
      staffId: input.endedBy,
      action: 'shift.ended',
      subject: row.id,
      changes: {
        shiftOf: row.staffId,
        openingFloat: row.openingFloat,
        cashSales: drawer.cashSales,
        cashRefunds: drawer.cashRefunds,
        expectedCash: row.expectedCash,
        closingCash: row.closingCash,
        variance: row.closingCash !== null && row.expectedCash !== null ? row.closingCash - row.expectedCash : null,
      },
    });
    return row;
  });
}

async function shiftSales(db: DbOrTx, row: ShiftRow, until: Date) {
  const sales = await attributedSales(db, { staffId: row.staffId, window: { from: row.startedAt, to: until } });
  const totals = { Cash: 0, Electronic: 0, Wallet: 0, orders: 0 };
  for (const s of sales) {
    totals[s.paymentType ?? 'Electronic'] += s.total;
    totals.orders += 1;
  }
  return totals;
}

export type ShiftFilter = {
  staffId?: string;
  id?: string;
  open?: boolean;
  startedFrom?: Date;
  startedTo?: Date;
  /** Shifts worked at this gas center only. */
  centerId?: string;
};

/** Shifts with the staff member's name, their sales and the drawer's expected cash and variance. */
export async function findShifts(db: DbOrTx, filter: ShiftFilter, limit = 200): Promise<Shift[]> {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(shifts.id, filter.id));
  if (filter.staffId) conditions.push(eq(shifts.staffId, filter.staffId));
  if (filter.centerId) conditions.push(eq(shifts.centerId, filter.centerId));
  if (filter.open) conditions.push(isNull(shifts.endedAt));
  if (filter.startedFrom) conditions.push(gte(shifts.startedAt, filter.startedFrom));
  if (filter.startedTo) conditions.push(lt(shifts.startedAt, filter.startedTo));
  const rows = await db
    .select()
    .from(shifts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(shifts.startedAt))
    .limit(limit);
  const people = await findStaffPeople(
    db,
    rows.map((r) => r.staffId),
  );
  const now = new Date();
  const [drawers, centerNames] = await Promise.all([
    drawerTotals(
      db,
      rows.map((r) => r.id),
    ),
    centerNamesOf(
      db,
      rows.map((r) => r.centerId),
    ),
  ]);
  return Promise.all(
    rows
      .flatMap((shift) => {
        const person = people.get(shift.staffId);
        return person ? [{ shift, person }] : [];
      })
      .map(async ({ shift, person }) => {
        const sales = await shiftSales(db, shift, shift.endedAt ?? now);
        const drawer = drawers.get(shift.id) ?? { cashSales: 0, cashRefunds: 0 };
        const expectedCash = shift.expectedCash ?? shift.openingFloat + drawer.cashSales - drawer.cashRefunds;
        return {
          id: shift.id,
          staffId: shift.staffId,
          centerId: shift.centerId,
          centerName: centerNames.get(shift.centerId) ?? '',
          staffName: displayName(person),
          startedAt: shift.startedAt.toISOString(),
          endedAt: shift.endedAt?.toISOString() ?? null,
          workingNow: shift.endedAt === null,
          openingFloat: shift.openingFloat,
          closingCash: shift.closingCash,
          sales,
          cashSales: drawer.cashSales,
          cashRefunds: drawer.cashRefunds,
          expectedCash,
          variance: shift.endedAt && shift.closingCash !== null ? shift.closingCash - expectedCash : null,
        };
      }),
  );
}

export async function findShift(db: DbOrTx, id: string): Promise<Shift | null> {
  const [one] = await findShifts(db, { id }, 1);
  return one ?? null;
}

// The drawer (README "A shift's drawer"): cash in and out of the counter, one row per movement.

/** A shift's row locked for the caller's transaction (a drawer's movements go one at a time). */
async function lockShift(tx: DbOrTx, shiftId: string): Promise<{ endedAt: Date | null } | null> {
  const [shift] = await tx.select({ endedAt: shifts.endedAt }).from(shifts).where(eq(shifts.id, shiftId)).for('update');
  return shift ?? null;
}

/**
 * Records cash taken for an order (a sale) or paid back for it (a refund) in the drawer of an open
 * shift, inside the caller's transaction. An order gives at most one of each: a repeat is refused
 * by the unique index, so a retried sale can never count twice. Refuses a shift that has ended.
 */
export async function recordCashMovement(
  tx: DbOrTx,
  movement: { shiftId: string; kind: 'sale' | 'refund'; amount: number; orderId: string; note?: string },
): Promise<void> {
  const shift = await lockShift(tx, movement.shiftId);
  if (!shift || shift.endedAt) {
    throw new AppError('Your shift has ended: start a shift to take or pay out cash', {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'NoOpenShift' },
    });
  }
  if (movement.amount <= 0) return;
  await tx.insert(shiftCashMovements).values({
    shiftId: movement.shiftId,
    kind: movement.kind,
    amount: movement.amount,
    orderId: movement.orderId,
    note: movement.note ?? null,
  });
}

/**
 * The cash of a sale made offline, synced after its shift ended (the shift was ended on another
 * tablet meanwhile): it goes into that shift's drawer all the same, and the drawer's frozen
 * expected cash grows by it, so the variance says where the money is — balanced when the cash was
 * in the drawer at the count, short by it when it came in after. Nothing confirmed to the
 * associate is lost. On an open shift it is an ordinary sale.
 */
export async function recordSyncedCashSale(
  tx: DbOrTx,
  movement: { shiftId: string; amount: number; orderId: string },
): Promise<void> {
  const shift = await lockShift(tx, movement.shiftId);
  if (!shift) throw new Error('the shift of a synced sale vanished');
  if (movement.amount <= 0) return;
  await tx.insert(shiftCashMovements).values({
    shiftId: movement.shiftId,
    kind: 'sale',
    amount: movement.amount,
    orderId: movement.orderId,
    note: shift.endedAt ? 'Sold offline; synced after the shift ended' : null,
  });
  if (shift.endedAt) {
    await tx
      .update(shifts)
      .set({ expectedCash: sql`${shifts.expectedCash} + ${movement.amount}` })
      .where(eq(shifts.id, movement.shiftId));
  }
}

/**
 * The shift whose drawer a sale made offline at `at` belongs to: the staff member's last shift
 * begun by then (open or ended), within the days a tablet keeps its queue. Null: none.
 */
export async function shiftAt(db: DbOrTx, staffId: string, at: Date): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.staffId, staffId),
        lt(shifts.startedAt, new Date(at.getTime() + 1)),
        gte(shifts.startedAt, new Date(at.getTime() - MAX_BACKDATE_MS)),
      ),
    )
    .orderBy(desc(shifts.startedAt))
    .limit(1);
  return row ?? null;
}

/** The shift whose drawer took an order's cash, with the amount; null if it was not a cash sale. */
export async function cashSaleOf(tx: DbOrTx, orderId: string): Promise<{ shiftId: string; amount: number } | null> {
  const [row] = await tx
    .select({ shiftId: shiftCashMovements.shiftId, amount: shiftCashMovements.amount })
    .from(shiftCashMovements)
    .where(and(eq(shiftCashMovements.orderId, orderId), eq(shiftCashMovements.kind, 'sale')));
  return row ?? null;
}

/** Cash sales and cash refunds of each shift (kobo), one query. */
export async function drawerTotals(
  db: DbOrTx,
  shiftIds: readonly string[],
): Promise<Map<string, { cashSales: number; cashRefunds: number }>> {
  if (!shiftIds.length) return new Map();
  const rows = await db
    .select({
      shiftId: shiftCashMovements.shiftId,
      cashSales: sql<string>`coalesce(sum(case when ${shiftCashMovements.kind} = 'sale' then ${shiftCashMovements.amount} end), 0)`,
      cashRefunds: sql<string>`coalesce(sum(case when ${shiftCashMovements.kind} = 'refund' then ${shiftCashMovements.amount} end), 0)`,
    })
    .from(shiftCashMovements)
    .where(inArray(shiftCashMovements.shiftId, [...shiftIds]))
    .groupBy(shiftCashMovements.shiftId);
  return new Map(rows.map((r) => [r.shiftId, { cashSales: Number(r.cashSales), cashRefunds: Number(r.cashRefunds) }]));
}
