import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { StaffAccess, type StaffAccess as StaffAccessValue, StaffRole } from '../../../src/domain/enums';
import { normalizePhone } from '../../../src/domain/phone';
import { clients } from '../../../src/server/modules/client/tables';
import { shifts } from '../../../src/server/modules/shift/tables';
import { staff } from '../../../src/server/modules/staff/tables';
import { type Session, signInAs } from '../../../src/server/test-utils/test-app';

/** Who calls: the columns of the authorization matrix. */
export const personaNames = [
  'visitor',
  'clientA',
  'clientB',
  'staffNoShift',
  'staffOnShift',
  'accountant',
  'manager',
  'ceo',
] as const;
export type PersonaName = (typeof personaNames)[number];

type PersonaSpec = {
  phone: string;
  staff?: { role: (typeof StaffRole)[keyof typeof StaffRole]; access: StaffAccessValue[]; onShift: boolean };
};

/**
 * Staff other than the one without a shift all work a shift, so that what separates them in the
 * matrix is their access alone; the demo sales associate and CEO are reused.
 */
const specs: Record<Exclude<PersonaName, 'visitor'>, PersonaSpec> = {
  clientA: { phone: '08030000011' },
  clientB: { phone: '08030000012' },
  staffNoShift: {
    phone: '08030000013',
    staff: { role: StaffRole.SalesAssociate, access: [StaffAccess.Staff], onShift: false },
  },
  staffOnShift: {
    phone: '08010000003',
    staff: { role: StaffRole.SalesAssociate, access: [StaffAccess.Staff], onShift: true },
  },
  accountant: {
    phone: '08030000014',
    staff: { role: StaffRole.AccountantAndHR, access: [StaffAccess.Accountant], onShift: true },
  },
  manager: { phone: '08030000015', staff: { role: StaffRole.Manager, access: [StaffAccess.Manager], onShift: true } },
  ceo: { phone: '08010000001', staff: { role: StaffRole.CEO, access: [StaffAccess.CEO], onShift: true } },
};

export type Personas = Record<PersonaName, Session | null> & { staffIds: Partial<Record<PersonaName, string>> };

async function ensureStaff(app: FastifyInstance, clientId: string, spec: NonNullable<PersonaSpec['staff']>) {
  const [existing] = await app.db.select({ id: staff.id }).from(staff).where(eq(staff.clientId, clientId));
  if (existing) {
    await app.db
      .update(staff)
      .set({ role: spec.role, access: spec.access, isCurrentStaff: true })
      .where(eq(staff.id, existing.id));
    return existing.id;
  }
  const [row] = await app.db
    .insert(staff)
    .values({ clientId, role: spec.role, access: spec.access })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff row not stored');
  return row.id;
}

/** Signs every persona in (creating clients and staff records as needed) and sets their shifts. */
export async function createPersonas(app: FastifyInstance): Promise<Personas> {
  const personas = { visitor: null, staffIds: {} } as unknown as Personas;
  for (const [name, spec] of Object.entries(specs) as [Exclude<PersonaName, 'visitor'>, PersonaSpec][]) {
    const session = await signInAs(app, spec.phone);
    personas[name] = session;
    if (spec.staff) personas.staffIds[name] = await ensureStaff(app, session.clientId, spec.staff);
  }
  await resetShifts(app, personas);
  return personas;
}

/**
 * Puts the shift state back (a matrix or fuzz request may start or end a shift): the staff on a
 * shift have exactly one open shift, the one without a shift has none.
 */
export async function resetShifts(app: FastifyInstance, personas: Personas): Promise<void> {
  for (const [name, spec] of Object.entries(specs) as [Exclude<PersonaName, 'visitor'>, PersonaSpec][]) {
    const staffId = personas.staffIds[name];
    if (!spec.staff || !staffId) continue;
    const open = await app.db
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.staffId, staffId), isNull(shifts.endedAt)));
    if (spec.staff.onShift && open.length === 0) await app.db.insert(shifts).values({ staffId });
    if (!spec.staff.onShift && open.length > 0) {
      await app.db
        .update(shifts)
        .set({ endedAt: new Date() })
        .where(and(eq(shifts.staffId, staffId), isNull(shifts.endedAt)));
    }
  }
}

/** The client id behind a phone number, for tests that look records up. */
export async function clientIdOf(app: FastifyInstance, phone: string): Promise<string | undefined> {
  const [row] = await app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.phoneLocal, normalizePhone(phone).local));
  return row?.id;
}
