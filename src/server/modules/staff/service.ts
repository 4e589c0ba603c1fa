import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { isPrivileged } from '../../../domain/access';
import { StaffAccess, StaffRole } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import type { CreateStaffResponse, createStaffBodySchema, StaffMember } from '../../../domain/schemas/staff';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import type { StaffContext } from '../../plugins/session';
import { recordAudit } from '../audit';
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
import { staff } from './tables';

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
      await tx
        .update(staff)
        .set({ role: input.role, access, isCurrentStaff: input.isCurrentStaff })
        .where(eq(staff.id, existing.id));
      if (!input.isCurrentStaff) await onLeave?.(tx, { staffId: existing.id, endedBy: actor.id });
      await recordAudit(tx, {
        staffId: actor.id,
        action: 'staff.changed',
        subject: phone.local,
        changes: {
          staffId: existing.id,
          before: { role: existing.role, access: existing.access, isCurrentStaff: existing.isCurrentStaff },
          after: { role: input.role, access, isCurrentStaff: input.isCurrentStaff },
        },
      });
      return { created: false, clientCreated, staffId: existing.id };
    }
    const [row] = await tx
      .insert(staff)
      .values({ clientId: client.id, role: input.role, access, isCurrentStaff: input.isCurrentStaff })
      .returning({ id: staff.id });
    if (!row) throw new AppError('The staff record was not stored', { status: 500 });
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.created',
      subject: phone.local,
      changes: { staffId: row.id, role: input.role, access, isCurrentStaff: input.isCurrentStaff, clientCreated },
    });
    return { created: true, clientCreated, staffId: row.id };
  });
}

/** A staff member as listed, without the shift (the shift module adds it). */
export type StaffRecord = Omit<StaffMember, 'shift'>;

/** Ascending with nulls last, like PostgreSQL's default order. */
const byNullableText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * Staff members with their names, by first name then phone (two queries); `currentOnly` leaves
 * out those who left.
 */
export async function listStaff(
  db: DbOrTx,
  filter: { id?: string; currentOnly?: boolean } = {},
): Promise<StaffRecord[]> {
  const conditions = [];
  if (filter.id) conditions.push(eq(staff.id, filter.id));
  if (filter.currentOnly) conditions.push(eq(staff.isCurrentStaff, true));
  const rows = await db
    .select()
    .from(staff)
    .where(conditions.length ? and(...conditions) : undefined);
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
    });
  }
  return members.sort((a, b) => byNullableText(a.firstname, b.firstname) || byNullableText(a.phoneLocal, b.phoneLocal));
}

/** A client's staff record, for the session's staff lookup (one indexed query), or null. */
export async function findStaffByClientId(db: DbOrTx, clientId: string): Promise<Omit<StaffContext, 'shiftId'> | null> {
  const [row] = await staffOfClient.run(db, { clientId });
  return row ?? null;
}

/** Read for every staff request and event (with the shift): built once (db/statement.ts). */
const staffOfClient = statement('staff_of_client', (db) =>
  db
    .select({ id: staff.id, role: staff.role, access: staff.access, isCurrentStaff: staff.isCurrentStaff })
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
      .select({
        id: staff.id,
        role: staff.role,
        access: staff.access,
        isCurrentStaff: staff.isCurrentStaff,
        // Written out: inside a select, drizzle would leave the column unqualified.
        extra: extra(sql`${staff}.id`),
      })
      .from(staff)
      .where(eq(staff.clientId, sql.placeholder('clientId')))
      .limit(1),
  );
  return async (db: DbOrTx, clientId: string) => {
    const [row] = await built.run(db, { clientId });
    return row ?? null;
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
    .where(sql`${staff.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The client ids of staff members (of one when `staffId` is given), as a subquery for another area's query. */
export function staffClientIds(db: DbOrTx, filter: { staffId?: string } = {}) {
  return db
    .select({ clientId: staff.clientId })
    .from(staff)
    .where(filter.staffId ? eq(staff.id, filter.staffId) : undefined);
}
