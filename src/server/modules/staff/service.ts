import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isPrivileged } from '../../../domain/access';
import { StaffAccess } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import type { CreateStaffResponse, createStaffBodySchema, StaffMember } from '../../../domain/schemas/staff';
import type { DbOrTx } from '../../db/client';
import type { StaffContext, StaffLookup } from '../../plugins/session';
import { type ClientSummary, findClientsByIds } from '../client/service';
import { clients } from '../client/tables';
import { shifts } from '../shift/tables';
import { staff } from './tables';

type CreateStaffInput = ReturnType<typeof createStaffBodySchema.parse>;

/**
 * Who may grant what: only a CEO makes a CEO; CEO or Manager make a Manager; anyone allowed to
 * add staff (Admin access) grants the rest. Nobody edits their own record, so nobody promotes
 * themselves or locks themselves out.
 */
function checkGrant(actor: StaffContext, granted: StaffAccess[]) {
  const refuse = (message: string) => new AppError(message, { status: 403, type: ErrorType.Forbidden });
  if (granted.includes(StaffAccess.CEO) && !actor.access.includes(StaffAccess.CEO)) {
    throw refuse('Only a CEO can give CEO access');
  }
  if (granted.includes(StaffAccess.Manager) && !isPrivileged(actor.access)) {
    throw refuse('Only a CEO or a Manager can give Manager access');
  }
}

/** Makes the owner of a phone number staff (creating the client when new), or updates their record. */
export async function createOrUpdateStaff(
  db: DbOrTx,
  actor: StaffContext,
  input: CreateStaffInput,
): Promise<Omit<CreateStaffResponse, 'staff'> & { staffId: string }> {
  const access = [...new Set(input.access)];
  checkGrant(actor, access);
  const phone = normalizePhone(input.phoneNumber);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(clients)
      .values({
        phoneLocal: phone.local,
        phoneInternational: phone.international,
        firstname: input.firstname ?? null,
        lastname: input.lastname ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: clients.id });
    const clientCreated = inserted.length === 1;
    const [client] = clientCreated
      ? inserted
      : await tx.select({ id: clients.id }).from(clients).where(eq(clients.phoneLocal, phone.local)).for('update');
    if (!client) throw new AppError('Could not find or create the client', { status: 500 });
    if (!clientCreated && (input.firstname || input.lastname)) {
      // Fill in a name the person never gave; never overwrite one they chose.
      const [current] = await tx.select().from(clients).where(eq(clients.id, client.id));
      await tx
        .update(clients)
        .set({
          firstname: current?.firstname ?? input.firstname ?? null,
          lastname: current?.lastname ?? input.lastname ?? null,
        })
        .where(eq(clients.id, client.id));
    }
    const [existing] = await tx.select().from(staff).where(eq(staff.clientId, client.id)).for('update');
    if (existing) {
      if (existing.id === actor.id) {
        throw new AppError('You cannot change your own staff record', { status: 403, type: ErrorType.Forbidden });
      }
      // Changing a CEO's or Manager's record takes the same rank as granting it.
      checkGrant(actor, existing.access);
      await tx
        .update(staff)
        .set({ role: input.role, access, isCurrentStaff: input.isCurrentStaff })
        .where(eq(staff.id, existing.id));
      if (!input.isCurrentStaff) {
        // Someone who leaves is not on a shift any more.
        await tx
          .update(shifts)
          .set({ endedAt: new Date(), endedBy: actor.id })
          .where(and(eq(shifts.staffId, existing.id), isNull(shifts.endedAt)));
      }
      return { created: false, clientCreated, staffId: existing.id };
    }
    const [row] = await tx
      .insert(staff)
      .values({ clientId: client.id, role: input.role, access, isCurrentStaff: input.isCurrentStaff })
      .returning({ id: staff.id });
    if (!row) throw new AppError('The staff record was not stored', { status: 500 });
    return { created: true, clientCreated, staffId: row.id };
  });
}

/** Staff members with their names and open shift; `currentOnly` leaves out those who left. */
export async function listStaff(
  db: DbOrTx,
  filter: { id?: string; currentOnly?: boolean } = {},
): Promise<StaffMember[]> {
  const conditions = [];
  if (filter.id) conditions.push(eq(staff.id, filter.id));
  if (filter.currentOnly) conditions.push(eq(staff.isCurrentStaff, true));
  const rows = await db
    .select({
      staff,
      phoneLocal: clients.phoneLocal,
      firstname: clients.firstname,
      lastname: clients.lastname,
      shiftId: shifts.id,
      shiftStartedAt: shifts.startedAt,
    })
    .from(staff)
    .innerJoin(clients, eq(clients.id, staff.clientId))
    .leftJoin(shifts, and(eq(shifts.staffId, staff.id), isNull(shifts.endedAt)))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(clients.firstname, clients.phoneLocal);
  return rows.map((r) => ({
    id: r.staff.id,
    clientId: r.staff.clientId,
    phoneLocal: r.phoneLocal,
    firstname: r.firstname,
    lastname: r.lastname,
    role: r.staff.role,
    access: r.staff.access,
    isCurrentStaff: r.staff.isCurrentStaff,
    createdAt: r.staff.createdAt.toISOString(),
    shift: r.shiftId && r.shiftStartedAt ? { id: r.shiftId, startedAt: r.shiftStartedAt.toISOString() } : null,
  }));
}

/** The session plugin's staff lookup: a client's staff record and working shift, in one query. */
export function createStaffLookup(db: DbOrTx): StaffLookup {
  return {
    async loadStaff(clientId) {
      const [row] = await db
        .select({
          id: staff.id,
          role: staff.role,
          access: staff.access,
          isCurrentStaff: staff.isCurrentStaff,
          shiftId: shifts.id,
        })
        .from(staff)
        .leftJoin(shifts, and(eq(shifts.staffId, staff.id), isNull(shifts.endedAt)))
        .where(eq(staff.clientId, clientId))
        .limit(1);
      return row ? { ...row, shiftId: row.shiftId ?? null } : null;
    },
  };
}

// Staff directory: who a staff member is, for the modules that record who did what.

export type StaffPerson = Pick<ClientSummary, 'firstname' | 'lastname' | 'phoneLocal'> & { clientId: string };

/** The name and phone of each staff member among `ids` that exists (two queries, whatever the count). */
export async function findStaffPeople(db: DbOrTx, ids: readonly string[]): Promise<Map<string, StaffPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const members = await db
    .select({ id: staff.id, clientId: staff.clientId })
    .from(staff)
    .where(inArray(staff.id, unique));
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
        firstname: person.firstname,
        lastname: person.lastname,
        phoneLocal: person.phoneLocal,
      });
    }
  }
  return found;
}
