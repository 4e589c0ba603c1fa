import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { LeadKind, LeadReceipt, LeadView } from '../../../domain/schemas/leads';
import type { DbOrTx } from '../../db/client';
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
  filter: { kind?: LeadKind; service?: string; limit: number; offset: number },
): Promise<{ leads: LeadView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.service) conditions.push(eq(leads.service, filter.service));
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
    })
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [totals] = await db.select({ total: count() }).from(leads).where(where);
  return {
    leads: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(totals?.total ?? 0),
  };
}
