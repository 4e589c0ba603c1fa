import { and, eq, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { isPrivileged } from '../../../domain/access';
import { StaffAccess, StaffRole } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import type { CreateStaffResponse, createStaffBodySchema, StaffMember } from '../../../domain/schemas/staff';
import type { DbOrTx } from '../../db/client';
import { batchArray, statement } from '../../db/statement';
import type { StaffContext } from '../../plugins/session';
import { recordAudit } from '../audit';
import { chosenCenter, firstCenter, knownCenters } from '../centers';
import {
  addClient,
  type ClientSummary,
  clientNameOf,
  findClientById,
  findClientByPhone,
  findClientsByIds,
  lockClient,
  updateClientProfile,
} from '../client';
import { staff, staffCenters } from './tables';

type CreateStaffInput = ReturnType<typeof createStaffBodySchema.parse>;

/**
 * Who may grant what: only a CEO makes a CEO; CEO or Manager make a Manager; anyone allowed to
 * add staff (Admin access) grants the rest. Nobody edits their own record, so nobody promotes
 * themselves or locks themselves out.
 */
function checkGrant(actor: StaffContext, granted: StaffAccess[], role?: StaffRole) {
  const refuse = (message: string) => new AppError(message, { status: 403, type: ErrorType.Forbidden });
  if (granted.includes(StaffAccess.CEO) && !actor.access.includes(StaffAccess.CEO)) {
    throw refuse('Only a CEO can give CEO access');
  }
  if (granted.includes(StaffAccess.Manager) && !isPrivileged(actor.access)) {
    throw refuse('Only a CEO or a Manager can give Manager access');
  }
  // The title goes with the rank: an Admin naming someone "CEO" would mislead every screen that
  // shows it, whatever their accesses.
  if (role === StaffRole.CEO && !actor.access.includes(StaffAccess.CEO)) {
    throw refuse('Only a CEO can give the CEO role');
  }
  if (role === StaffRole.Manager && !isPrivileged(actor.access)) {
    throw refuse('Only a CEO or a Manager can give the Manager role');
  }
}

/** Work other areas do in the same transaction when a staff member leaves (ending their open shift). */
export type StaffLeaveHook = (tx: DbOrTx, leave: { staffId: string; endedBy: string }) => Promise<void>;

/** Makes the owner of a phone number staff (creating the client when new), or updates their record. */
export async function createOrUpdateStaff(
  db: DbOrTx,
  actor: StaffContext,
  input: CreateStaffInput,
  onLeave?: StaffLeaveHook,
): Promise<Omit<CreateStaffResponse, 'staff'> & { staffId: string }> {
  const access = [...new Set(input.access)];
  checkGrant(actor, access, input.role);
  const phone = normalizePhone(input.phoneNumber);
  return db.transaction(async (tx) => {
    const inserted = await addClient(tx, {
      phoneLocal: phone.local,
      phoneInternational: phone.international,
      firstname: input.firstname ?? null,
      lastname: input.lastname ?? null,
    });
    const clientCreated = inserted !== undefined;
    const client = inserted ?? (await findClientByPhone(tx, phone.local));
    if (!client) throw new AppError('Could not find or create the client', { status: 500 });
    if (!clientCreated) {
      await lockClient(tx, client.id);
      if (input.firstname || input.lastname) {
        // Fill in a name the person never gave; never overwrite one they chose.
        const current = await findClientById(tx, client.id);
        await updateClientProfile(tx, client.id, {
          firstname: current?.firstname ?? input.firstname ?? null,
          lastname: current?.lastname ?? input.lastname ?? null,
        });
      }
    }
    const [existing] = await tx.select().from(staff).where(eq(staff.clientId, client.id)).for('update');
    if (existing) {
      if (existing.id === actor.id) {
        throw new AppError('You cannot change your own staff record', { status: 403, type: ErrorType.Forbidden });
      }
      // Changing a CEO's or Manager's record takes the same rank as granting it.
      checkGrant(actor, existing.access, existing.role);
      const centersBefore = await centerIdsOfStaff(tx, existing.id);
      const centersAfter = input.centerIds ? await placeAt(tx, actor, centersBefore, input.centerIds) : centersBefore;
      await tx
        .update(staff)
        .set({ role: input.role, access, isCurrentStaff: input.isCurrentStaff })
        .where(eq(staff.id, existing.id));
      if (input.centerIds) await setCenters(tx, existing.id, centersAfter);
      if (!input.isCurrentStaff) await onLeave?.(tx, { staffId: existing.id, endedBy: actor.id });
      await recordAudit(tx, {
        staffId: actor.id,
        action: 'staff.changed',
        subject: phone.local,
        changes: {
          staffId: existing.id,
          before: {
            role: existing.role,
            access: existing.access,
            isCurrentStaff: existing.isCurrentStaff,
            centerIds: centersBefore,
          },
          after: { role: input.role, access, isCurrentStaff: input.isCurrentStaff, centerIds: centersAfter },
        },
      });
      return { created: false, clientCreated, staffId: existing.id };
    }
    const centerIds = await placeAt(tx, actor, [], input.centerIds ?? (await defaultCentersOf(tx, actor)));
    const [row] = await tx
      .insert(staff)
      .values({ clientId: client.id, role: input.role, access, isCurrentStaff: input.isCurrentStaff })
      .returning({ id: staff.id });
    if (!row) throw new AppError('The staff record was not stored', { status: 500 });
    await setCenters(tx, row.id, centerIds);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.created',
      subject: phone.local,
      changes: {
        staffId: row.id,
        role: input.role,
        access,
        isCurrentStaff: input.isCurrentStaff,
        centerIds,
        clientCreated,
      },
    });
    return { created: true, clientCreated, staffId: row.id };
  });
}

// ── The gas centers a member works at ──

/**
 * The centers a staff member works at, and whether they may work at any (CEO access); null for no
 * such member. A member listed at none (a record written outside the staff screens) works at the
 * first center. One statement, and the first center's when needed (remembered).
 */
export async function workplacesOf(
  db: DbOrTx,
  staffId: string,
): Promise<{ centerIds: string[]; everyCenter: boolean } | null> {
  const [row] = await db
    .select({ access: staff.access, centerIds: centerIdsColumn })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!row) return null;
  return { centerIds: await orFirstCenter(db, row.centerIds), everyCenter: row.access.includes(StaffAccess.CEO) };
}

/** The centers a staff member works at (the first center for one listed at none); [] for no such member. */
export async function centerIdsOfStaff(db: DbOrTx, staffId: string): Promise<string[]> {
  return (await workplacesOf(db, staffId))?.centerIds ?? [];
}

/** A member's centers as a column of a query of `staff` (as text: both drivers read text arrays alike). */
const centerIdsColumn = sql<string[]>`array(
  select sc.center_id::text from ${staffCenters} sc where sc.staff_id = "staff"."id" order by sc.created_at, sc.center_id
)`;

async function orFirstCenter(db: DbOrTx, centerIds: readonly string[]): Promise<string[]> {
  return centerIds.length ? [...centerIds] : [(await firstCenter(db)).id];
}

/** Where a new member works when the form names no center: the only center, else where the one adding them works. */
async function defaultCentersOf(db: DbOrTx, actor: StaffContext): Promise<string[]> {
  const all = await knownCenters(db);
  const [only] = all;
  if (all.length === 1 && only) return [only.id];
  return centerIdsOfStaff(db, actor.id);
}

/**
 * The centers a member is placed at, checked: each one exists, and whoever places them works at
 * every center they add the member to or take them from (CEO access: any center).
 */
async function placeAt(
  db: DbOrTx,
  actor: StaffContext,
  before: readonly string[],
  wanted: readonly string[],
): Promise<string[]> {
  const after = [...new Set(wanted)];
  for (const id of after) await chosenCenter(db, id, { field: 'centerIds' });
  if (!actor.access.includes(StaffAccess.CEO)) {
    const theirs = new Set(await centerIdsOfStaff(db, actor.id));
    const moved = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
    if (moved.some((id) => !theirs.has(id))) {
      throw new AppError('You can place staff only at a gas center you work at.', {
        status: 403,
        type: ErrorType.Forbidden,
        additionalInfo: { reason: 'NotYourCenter', field: 'centerIds' },
      });
    }
  }
  return after;
}

/** Lists the member at exactly these centers. */
async function setCenters(tx: DbOrTx, staffId: string, centerIds: readonly string[]): Promise<void> {
  await tx.delete(staffCenters).where(eq(staffCenters.staffId, staffId));
  if (centerIds.length) {
    await tx.insert(staffCenters).values(centerIds.map((centerId) => ({ staffId, centerId })));
  }
}

/** A staff member as listed, without the shift (the shift module adds it). */
export type StaffRecord = Omit<StaffMember, 'shift'>;

/** Ascending with nulls last, like PostgreSQL's default order. */
const byNullableText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * Staff members with their names, by first name then phone (two queries); `currentOnly` leaves
 * out those who left; `role` and `centerId` keep those of that role and that center.
 */
export async function listStaff(
  db: DbOrTx,
  filter: { id?: string; currentOnly?: boolean; role?: StaffRole; centerId?: string } = {},
): Promise<StaffRecord[]> {
  const conditions = [];
  if (filter.id) conditions.push(eq(staff.id, filter.id));
  if (filter.currentOnly) conditions.push(eq(staff.isCurrentStaff, true));
  if (filter.role) conditions.push(eq(staff.role, filter.role));
  if (filter.centerId) {
    // A member listed at no center works at the first one.
    const atFirst = (await firstCenter(db)).id === filter.centerId;
    const listedThere = sql`exists (select 1 from ${staffCenters} sc where sc.staff_id = ${staff.id} and sc.center_id = ${filter.centerId})`;
    const listedNowhere = sql`not exists (select 1 from ${staffCenters} sc where sc.staff_id = ${staff.id})`;
    conditions.push(atFirst ? sql`(${listedThere} or ${listedNowhere})` : listedThere);
  }
  const rows = await db
    .select({ ...getTableColumns(staff), centerIds: centerIdsColumn })
    .from(staff)
    .where(conditions.length ? and(...conditions) : undefined);
  // A member listed at no center works at the first one (read only when someone is).
  const first = rows.some((r) => r.centerIds.length === 0) ? (await firstCenter(db)).id : null;
  const people = await findClientsByIds(
    db,
    rows.map((r) => r.clientId),
  );
  const members: StaffRecord[] = [];
  for (const r of rows) {
    const person = people.get(r.clientId);
    if (!person) continue;
    members.push({
      id: r.id,
      clientId: r.clientId,
      phoneLocal: person.phoneLocal,
      firstname: person.firstname,
      lastname: person.lastname,
      role: r.role,
      access: r.access,
      isCurrentStaff: r.isCurrentStaff,
      createdAt: r.createdAt.toISOString(),
      centerIds: r.centerIds.length || !first ? r.centerIds : [first],
    });
  }
  return members.sort((a, b) => byNullableText(a.firstname, b.firstname) || byNullableText(a.phoneLocal, b.phoneLocal));
}

/** A client's staff record, for the session's staff lookup (one indexed query), or null. */
export async function findStaffByClientId(
  db: DbOrTx,
  clientId: string,
): Promise<Omit<StaffContext, 'shiftId' | 'shiftCenterId'> | null> {
  const [row] = await staffOfClient.run(db, { clientId });
  return row ?? null;
}

/** What the session's staff lookup reads of the staff row. */
const sessionColumns = {
  id: staff.id,
  role: staff.role,
  access: staff.access,
  isCurrentStaff: staff.isCurrentStaff,
};

/** Read for every staff request and event (with the shift): built once (db/statement.ts). */
const staffOfClient = statement('staff_of_client', (db) =>
  db
    .select(sessionColumns)
    .from(staff)
    .where(eq(staff.clientId, sql.placeholder('clientId')))
    .limit(1),
);

/**
 * findStaffByClientId with one more value in the same statement, of a caller that knows more of
 * the staff member (`extra`, given the staff row's id: the app adds the open shift, app.ts). Built
 * once under `name` (db/statement.ts).
 */
export function staffOfClientWith<T>(name: string, extra: (staffId: SQL) => SQL<T>) {
  const built = statement(name, (db) =>
    db
      // The id written out: inside a select, drizzle would leave the column unqualified.
      .select({ ...sessionColumns, extra: extra(sql`${staff}.id`) })
      .from(staff)
      .where(eq(staff.clientId, sql.placeholder('clientId')))
      .limit(1),
  );
  return async (db: DbOrTx, clientId: string) => {
    const [row] = await built.run(db, { clientId });
    return row ?? null;
  };
}

/**
 * staffOfClientWith for several clients in one statement: answers each client's row (or null) in
 * the order asked, a client asked twice answered twice. Built once under `name`.
 */
export function staffOfClientsWith<T>(name: string, extra: (staffId: SQL) => SQL<T>) {
  const built = statement(name, (db) =>
    db
      .select({ clientId: staff.clientId, ...sessionColumns, extra: extra(sql`${staff}.id`) })
      .from(staff)
      .where(sql`${staff.clientId} = any(${batchArray('clientIds', 'uuid')})`),
  );
  return async (db: DbOrTx, clientIds: readonly string[]) => {
    const rows = await built.run(db, { clientIds: [...new Set(clientIds)] });
    const byClient = new Map(rows.map(({ clientId, ...row }) => [clientId, row]));
    return clientIds.map((clientId) => byClient.get(clientId) ?? null);
  };
}

// Staff directory: who a staff member is, for the modules that record who did what.

export type StaffPerson = Pick<ClientSummary, 'firstname' | 'lastname' | 'phoneLocal'> & {
  clientId: string;
  role: StaffRole;
};

/** The name and phone of each staff member among `ids` that exists (two queries, whatever the count). */
export async function findStaffPeople(db: DbOrTx, ids: readonly string[]): Promise<Map<string, StaffPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const members = await staffByIds.run(db, { ids: unique });
  const people = await findClientsByIds(
    db,
    members.map((m) => m.clientId),
  );
  const found = new Map<string, StaffPerson>();
  for (const m of members) {
    const person = people.get(m.clientId);
    if (person) {
      found.set(m.id, {
        clientId: m.clientId,
        role: m.role,
        firstname: person.firstname,
        lastname: person.lastname,
        phoneLocal: person.phoneLocal,
      });
    }
  }
  return found;
}

/** The client account behind a staff id (who did it, for a timeline), or undefined: one indexed read. */
export async function findStaffClientId(db: DbOrTx, staffId: string): Promise<string | undefined> {
  const [member] = await staffByIds.run(db, { ids: [staffId] });
  return member?.clientId;
}

/**
 * The name a staff member is shown by (their client account's name, else their role), or
 * undefined for no such staff member: one statement (a pickup request reads the same in its own,
 * staffDisplayNameOf).
 */
export async function findStaffDisplayName(db: DbOrTx, staffId: string): Promise<string | undefined> {
  const [member] = await staffDisplayName.run(db, { staffId });
  return member?.name ?? undefined;
}

// The rule (the name, else the role) is staffDisplayNameOf's, so a hand-over shows the same name
// whichever way it was read.
const staffDisplayName = statement('staff_display_name', (db) =>
  db
    .select({ name: staffDisplayNameOf(sql`${sql.placeholder('staffId')}::uuid`) })
    .from(staff)
    .where(eq(staff.id, sql.placeholder('staffId'))),
);

/**
 * A statement's read of a staff member's display name (`staffId`: a column or a value): their
 * name, else their role; null when there is no such staff member.
 */
export const staffDisplayNameOf = (staffId: SQLWrapper) =>
  sql<
    string | null
  >`(select coalesce(${clientNameOf(sql`s.client_id`)}, s.role::text) from ${staff} s where s.id = ${staffId})`;

/** A statement's read of a staff member's client id (`staffId`: a column or a value), null when none. */
export const staffClientIdOf = (staffId: SQLWrapper) =>
  sql<string | null>`(select s.client_id from ${staff} s where s.id = ${staffId})`;

/** Read on every hand-over (who asked, who handed over): built once (db/statement.ts). */
const staffByIds = statement('staff_by_ids', (db) =>
  db
    .select({ id: staff.id, clientId: staff.clientId, role: staff.role })
    .from(staff)
    .where(sql`${staff.id} = any(${batchArray('ids', 'uuid')})`),
);

/** The client ids of staff members (of one when `staffId` is given), as a subquery for another area's query. */
export function staffClientIds(db: DbOrTx, filter: { staffId?: string } = {}) {
  return db
    .select({ clientId: staff.clientId })
    .from(staff)
    .where(filter.staffId ? eq(staff.id, filter.staffId) : undefined);
}
