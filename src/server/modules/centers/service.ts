import { asc, eq, inArray } from 'drizzle-orm';
import { isPrivileged } from '../../../domain/access';
import { nearestFirst } from '../../../domain/center-distance';
import type { StaffAccess } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Center, CenterChanges, ListedCenter, NewCenter } from '../../../domain/schemas/center';
import type { DbOrTx } from '../../db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '../../db/sql-state';
import { recordAudit } from '../audit';
import { type CenterRow, centers } from './tables';

export type { CenterRow };

/** A center as the API shows it. */
export const centerView = (row: CenterRow): Center => ({
  id: row.id,
  name: row.name,
  address: row.address,
  location: { lat: row.lat, lng: row.lng },
  phone: row.phone,
  openingHours: row.openingHours,
});

// ── Remembered centers ──
// Centers change a few times a year and are read by every order (its center, the delivery's
// starting point) and every order shown (the center's name). They are remembered for a minute:
// the list per database (a single-center installation's default, the nearest for a delivery),
// and each center by id, which names are unique across databases, so a read made inside a
// transaction finds them too. A write on this instance forgets them at once, and tells the other
// instances to (news.ts); without that word (no Redis, or it is down) a change shows within the minute.

const REMEMBER_MS = 60_000;
/** Bumped by every write of this process: whatever was remembered before it is stale. */
let generation = 0;
const rememberedById = new Map<string, { row: CenterRow; until: number; generation: number }>();
const rememberedLists = new WeakMap<object, { rows: CenterRow[]; until: number; generation: number }>();

const fresh = (entry: { until: number; generation: number } | undefined) =>
  entry !== undefined && entry.generation === generation && entry.until > Date.now();

function remember(rows: readonly CenterRow[]) {
  const until = Date.now() + REMEMBER_MS;
  for (const row of rows) rememberedById.set(row.id, { row, until, generation });
}

/** Drops what is remembered of every center (after a write). */
export function forgetCenters(): void {
  generation++;
  rememberedById.clear();
}

/** Every center, the first (the oldest) first, as remembered for this database. */
export async function knownCenters(db: DbOrTx): Promise<CenterRow[]> {
  const known = rememberedLists.get(db);
  if (known && fresh(known)) return known.rows;
  const rows = await db.select().from(centers).orderBy(asc(centers.createdAt), asc(centers.id));
  remember(rows);
  rememberedLists.set(db, { rows, until: Date.now() + REMEMBER_MS, generation });
  return rows;
}

/** The mark of each list of centers as remembered (the same list until it is read again). */
const namesMarks = new WeakMap<object, string>();

/**
 * The centers' ids and names, in order, as a short mark that changes when one is added or renamed
 * (as remembered: `knownCenters`). What is kept in memory and names centers (a history page, a
 * dispatch board) is kept per mark, since no order or delivery changes when a center is renamed.
 */
export async function centerNamesMark(db: DbOrTx): Promise<string> {
  const list = await knownCenters(db);
  let mark = namesMarks.get(list);
  if (mark === undefined) {
    let hash = 5381;
    for (const center of list) {
      for (const ch of `${center.id}=${center.name};`) hash = ((hash * 33) ^ ch.charCodeAt(0)) >>> 0;
    }
    mark = hash.toString(36);
    namesMarks.set(list, mark);
  }
  return mark;
}

/** The installation's first center: what anything without a center of its own belongs to. */
export async function firstCenter(db: DbOrTx): Promise<CenterRow> {
  const [first] = await knownCenters(db);
  if (!first) {
    throw new AppError('No gas center is set up yet', { status: 503, type: ErrorType.Unknown });
  }
  return first;
}

/** The center with this id, or null (remembered; read when not known). */
export async function findCenter(db: DbOrTx, id: string): Promise<CenterRow | null> {
  const known = rememberedById.get(id);
  if (fresh(known)) return known?.row ?? null;
  const [row] = await db.select().from(centers).where(eq(centers.id, id));
  if (row) remember([row]);
  return row ?? null;
}

/** The names of these centers, by id (remembered; one read for those not known). */
export async function centerNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const known = rememberedById.get(id);
    if (known && fresh(known)) names.set(id, known.row.name);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await db.select().from(centers).where(inArray(centers.id, missing));
    remember(rows);
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/**
 * The center a request chose (`additionalInfo` names the input), or a 400 asking to choose one from
 * the list. Unlike requireCenter, the id came from a form or a list, not from the URL.
 */
export async function chosenCenter(
  db: DbOrTx,
  id: string,
  additionalInfo: Record<string, unknown>,
): Promise<CenterRow> {
  const center = await findCenter(db, id);
  if (!center) {
    throw new AppError('There is no such gas center. Choose one from the list.', {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo,
    });
  }
  return center;
}

/**
 * The centers an order may be served from: the one the client chose (refused when there is no
 * such center), else every center, the first first — a pickup is then collected at the first
 * center, a delivery comes from the nearest (lib/delivery-quote.ts).
 */
export async function orderCenters(db: DbOrTx, chosen?: string): Promise<CenterRow[]> {
  if (chosen) return [await chosenCenter(db, chosen, { field: 'centerId' })];
  const all = await knownCenters(db);
  if (!all.length) await firstCenter(db);
  return all;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer to a center id that names none (the project's error object, 404). */
export const centerNotFound = () =>
  new AppError('Gas center not found', { status: 404, type: ErrorType.NotFound, additionalInfo: { field: 'center' } });

/** The center with this id, or a 404. */
export async function requireCenter(db: DbOrTx, id: string): Promise<CenterRow> {
  // Not an id at all names no center either (and is not sent to the database).
  const center = UUID.test(id) ? await findCenter(db, id) : null;
  if (!center) throw centerNotFound();
  return center;
}

/**
 * The center a staff member works on in a stock screen or a transfer: the one asked for, or else
 * the center of their shift (the first center without one). CEO and Manager access reach any
 * center; anyone else only the center of their shift (403 for another; 404 for none such).
 */
export async function staffCenter(
  db: DbOrTx,
  member: { access: readonly StaffAccess[]; shiftCenterId: string | null },
  asked?: string | undefined,
): Promise<CenterRow> {
  if (!asked) return member.shiftCenterId ? requireCenter(db, member.shiftCenterId) : firstCenter(db);
  const center = await requireCenter(db, asked);
  if (!isPrivileged(member.access) && center.id !== member.shiftCenterId) throw notYourCenter(center.name);
  return center;
}

/** Whether a member may act for this center (CEO and Manager access: any; others: their shift's). */
export const actsForCenter = (member: { access: readonly StaffAccess[]; shiftCenterId: string | null }, id: string) =>
  isPrivileged(member.access) || member.shiftCenterId === id;

export const notYourCenter = (name: string) =>
  new AppError(`${name} is not the gas center of your shift: you can act only for the center you work at now.`, {
    status: 403,
    type: ErrorType.Forbidden,
    additionalInfo: { reason: 'NotYourCenter' },
  });

// ── The list and the CEO's and Managers' edits ──

/**
 * Every center, by name (read afresh); given `near`, nearest that point first, each with its
 * straight-line distance (km, to 0.1 km; equals by name). The point is used for the answer only.
 */
export async function listCenters(db: DbOrTx, near?: { lat: number; lng: number }): Promise<ListedCenter[]> {
  const rows = await db.select().from(centers).orderBy(asc(centers.name), asc(centers.id));
  remember(rows);
  const list = rows.map(centerView);
  return near ? nearestFirst(list, near) : list;
}

/** The phone of the center with this id, if it has one (remembered). */
export async function centerPhoneOf(db: DbOrTx, id: string): Promise<string | null> {
  return (await findCenter(db, id))?.phone ?? null;
}

const nameTaken = (name: string) =>
  new AppError(`A gas center named “${name}” already exists. Give this one another name.`, {
    status: 409,
    type: ErrorType.Conflict,
    additionalInfo: { reason: 'NameTaken', field: 'name' },
  });

/** The columns a body sets (a field left out is not touched; null clears the phone or the hours). */
function columnsOf(body: CenterChanges) {
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.address !== undefined ? { address: body.address } : {}),
    ...(body.location !== undefined ? { lat: body.location.lat, lng: body.location.lng } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    ...(body.openingHours !== undefined ? { openingHours: body.openingHours } : {}),
  };
}

/** What the audit trail keeps of a center. */
const auditOf = (row: Pick<CenterRow, 'name' | 'address' | 'lat' | 'lng' | 'phone' | 'openingHours'>) => ({
  name: row.name,
  address: row.address,
  location: { lat: row.lat, lng: row.lng },
  phone: row.phone,
  openingHours: row.openingHours,
});

/** Adds a center, recorded in the audit trail with it (a name another center has is refused). */
export async function createCenter(db: DbOrTx, staffId: string, body: NewCenter): Promise<Center> {
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(centers)
        .values({
          name: body.name,
          address: body.address,
          lat: body.location.lat,
          lng: body.location.lng,
          phone: body.phone ?? null,
          openingHours: body.openingHours ?? null,
        })
        .returning();
      if (!created) throw new Error('the center was not stored');
      await recordAudit(tx, {
        staffId,
        action: 'center.created',
        subject: created.name,
        changes: { centerId: created.id, ...auditOf(created) },
      });
      return created;
    });
    return centerView(row);
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION)) throw nameTaken(body.name);
    throw error;
  } finally {
    forgetCenters();
  }
}

/** Changes a center, recorded in the audit trail with it (before and after); null when there is none. */
export async function updateCenter(
  db: DbOrTx,
  staffId: string,
  id: string,
  body: CenterChanges,
): Promise<Center | null> {
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(centers).where(eq(centers.id, id)).for('update');
      if (!before) return null;
      const [after] = await tx.update(centers).set(columnsOf(body)).where(eq(centers.id, id)).returning();
      if (!after) throw new Error('the center changed under its lock');
      await recordAudit(tx, {
        staffId,
        action: 'center.changed',
        subject: after.name,
        changes: { centerId: id, before: auditOf(before), after: auditOf(after) },
      });
      return after;
    });
    return row ? centerView(row) : null;
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION) && body.name !== undefined) throw nameTaken(body.name);
    throw error;
  } finally {
    forgetCenters();
  }
}
