import { desc, eq, ilike, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { batchArray, statement } from '../../db/statement';
import { type ClientRow, clients } from './tables';

export type { ClientRow };

/** What other areas show of a client: the name, the phone in both forms, the email. */
export type ClientSummary = Pick<
  ClientRow,
  'id' | 'phoneLocal' | 'phoneInternational' | 'firstname' | 'lastname' | 'email'
>;

const summaryColumns = {
  id: clients.id,
  phoneLocal: clients.phoneLocal,
  phoneInternational: clients.phoneInternational,
  firstname: clients.firstname,
  lastname: clients.lastname,
  email: clients.email,
};

// ── Identity: finding, adding and verifying the person behind a phone number ──

/** The client with this id, or undefined. */
export async function findClientById(db: DbOrTx, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row;
}

/** The client with this local phone number (0803…), or undefined. */
export async function findClientByPhone(db: DbOrTx, phoneLocal: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.phoneLocal, phoneLocal));
  return row;
}

/** The most recent client with this email (compared without case), or undefined. */
export async function findClientByEmail(db: DbOrTx, email: string): Promise<ClientSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(clients.createdAt))
    .limit(1);
  return row;
}

/**
 * Adds a client for a phone number unless one already has it; returns the new row, or undefined
 * when the number was taken (by an earlier or a simultaneous sign-up).
 */
export async function addClient(
  db: DbOrTx,
  input: { phoneLocal: string; phoneInternational: string; firstname?: string | null; lastname?: string | null },
): Promise<ClientRow | undefined> {
  const [row] = await db
    .insert(clients)
    .values({
      phoneLocal: input.phoneLocal,
      phoneInternational: input.phoneInternational,
      firstname: input.firstname ?? null,
      lastname: input.lastname ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The client edits their own name and email (the phone is the identity and never changes here). */
export async function updateClientProfile(
  db: DbOrTx,
  id: string,
  profile: Partial<Pick<ClientRow, 'firstname' | 'lastname' | 'email'>>,
): Promise<ClientRow | undefined> {
  const changes = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(clients).where(eq(clients.id, id));
    return row;
  }
  const [row] = await db.update(clients).set(changes).where(eq(clients.id, id)).returning();
  return row;
}

/** The client confirmed a code sent to the phone: the number is theirs. */
export async function markClientVerified(db: DbOrTx, id: string): Promise<void> {
  await db.update(clients).set({ isVerified: true }).where(eq(clients.id, id));
}

/** Locks the client's row until the transaction ends, so per-client work is done one at a time. */
export async function lockClient(tx: DbOrTx, id: string): Promise<void> {
  await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).for('update');
}

// ── Directory: clients shown beside other areas' rows, looked up in one batch ──

/** The clients with these ids, by id (one query, whatever the number of ids). */
export async function findClientsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ClientSummary>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await clientsByIds.run(db, { ids: unique });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Read wherever names are shown beside other areas' records: built once (db/statement.ts). */
const clientsByIds = statement('client_summaries_by_ids', (db) =>
  db
    .select(summaryColumns)
    .from(clients)
    .where(sql`${clients.id} = any(${batchArray('ids', 'uuid')})`),
);

/**
 * A statement's read of a client's name as shown beside other areas' records: first and last
 * name, blanks left out; null when neither is set (`clientId`: a column or a value).
 */
export const clientNameOf = (clientId: SQLWrapper) =>
  sql<
    string | null
  >`(select nullif(trim(concat_ws(' ', nullif(trim(c.firstname), ''), nullif(trim(c.lastname), ''))), '')
    from ${clients} c where c.id = ${clientId})`;

/**
 * A statement's read of a client's phone number in international form (`clientId`: a column or a
 * value); null for an erased client, whose "number" is a pseudonym nobody can be texted at.
 */
export const clientPhoneOf = (clientId: SQLWrapper) =>
  sql<
    string | null
  >`(select c.phone_international from ${clients} c where c.id = ${clientId} and c.deleted_at is null)`;

/** The client's summary, or undefined. */
export async function findClientSummary(db: DbOrTx, id: string): Promise<ClientSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(clients).where(eq(clients.id, id));
  return row;
}

/**
 * The ids of clients whose local phone contains these digits, as a subquery for another area's
 * `inArray(…clientId, …)`: the search stays one SQL statement.
 */
export function clientIdsWithPhoneLike(db: DbOrTx, digits: string) {
  return db
    .select({ id: clients.id })
    .from(clients)
    .where(ilike(clients.phoneLocal, `%${digits.replace(/[%_\\]/g, '')}%`));
}

/** A person as staff screens name them: first and last name, or the phone number when they gave none. */
export function displayName(p: { firstname: string | null; lastname: string | null; phoneLocal: string }): string {
  const name = [p.firstname, p.lastname].filter(Boolean).join(' ').trim();
  return name || p.phoneLocal;
}
