import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { LeadKind, LeadReceipt, LeadView } from '../../../domain/schemas/leads';
import type { DbOrTx } from '../../db/client';
import { findStaffPeople } from '../staff';
import { type LeadRow, leads } from './tables';

export type NewLead = {
  kind: LeadKind;
  service: string;
  name: string;
  phone: string;
  city?: string | null;
  businessName?: string | null;
  email?: string | null;
  passwordHash?: string | null;
};

const toReceipt = (row: Pick<LeadRow, 'id' | 'kind' | 'service' | 'createdAt'>): LeadReceipt => ({
  id: row.id,
  kind: row.kind,
  service: row.service,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Stores an interest lead; a second submission for the same page and phone updates the first
 * (the visitor corrected a typo, or retried) instead of adding a row.
 */
export async function saveInterest(db: DbOrTx, lead: NewLead): Promise<{ receipt: LeadReceipt; created: boolean }> {
  const [row] = await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({
      target: [leads.kind, leads.service, leads.phone],
      set: { name: lead.name, city: lead.city ?? null, businessName: lead.businessName ?? null, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('the lead was not stored');
  // A fresh insert has equal timestamps; an update moved updatedAt on.
  return { receipt: toReceipt(row), created: row.updatedAt.getTime() === row.createdAt.getTime() };
}

/** Stores an application once; null when this phone already applied for the role. */
export async function saveApplication(db: DbOrTx, lead: NewLead): Promise<LeadReceipt | null> {
  const [row] = await db.insert(leads).values(lead).onConflictDoNothing().returning();
  return row ? toReceipt(row) : null;
}

export async function listLeads(
  db: DbOrTx,
  filter: { kind?: LeadKind; service?: string; contact?: 'open' | 'contacted'; limit: number; offset: number },
): Promise<{ leads: LeadView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.service) conditions.push(eq(leads.service, filter.service));
  if (filter.contact)
    conditions.push(filter.contact === 'open' ? isNull(leads.contactedAt) : isNotNull(leads.contactedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      service: leads.service,
      name: leads.name,
      phone: leads.phone,
      city: leads.city,
      businessName: leads.businessName,
      email: leads.email,
      createdAt: leads.createdAt,
      contactedAt: leads.contactedAt,
      contactedBy: leads.contactedBy,
      contactNote: leads.contactNote,
    })
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [totals] = await db.select({ total: count() }).from(leads).where(where);
  const names = await contactNames(db, rows);
  return { leads: rows.map((r) => toView(r, names)), total: Number(totals?.total ?? 0) };
}

type ViewRow = Omit<LeadRow, 'passwordHash' | 'updatedAt'>;

async function contactNames(db: DbOrTx, rows: Pick<LeadRow, 'contactedBy'>[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.contactedBy).filter((id): id is string => !!id))];
  const people = await findStaffPeople(db, ids);
  const names = new Map<string, string>();
  for (const [id, p] of people) names.set(id, [p.firstname, p.lastname].filter(Boolean).join(' ').trim() || p.role);
  return names;
}

function toView(row: ViewRow, names: Map<string, string>): LeadView {
  const { contactedBy, createdAt, contactedAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    contactedAt: contactedAt?.toISOString() ?? null,
    contactedByName: contactedBy ? (names.get(contactedBy) ?? 'Staff') : null,
  };
}

/**
 * Marks a lead contacted, once: the first staff member's time, name and note stay; a second call
 * (a retry, or a colleague at the same moment) changes nothing and answers the lead as recorded.
 * Null when there is no such lead.
 */
export async function markLeadContacted(
  db: DbOrTx,
  id: string,
  by: { staffId: string; note?: string },
): Promise<{ lead: LeadView; changed: boolean } | null> {
  const [updated] = await db
    .update(leads)
    .set({ contactedAt: new Date(), contactedBy: by.staffId, contactNote: by.note || null })
    .where(and(eq(leads.id, id), isNull(leads.contactedAt)))
    .returning();
  const row = updated ?? (await db.select().from(leads).where(eq(leads.id, id)))[0];
  if (!row) return null;
  const { passwordHash: _hidden, updatedAt: _updated, ...view } = row;
  return { lead: toView(view, await contactNames(db, [row])), changed: !!updated };
}
