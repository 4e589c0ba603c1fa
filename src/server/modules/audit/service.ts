import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import type { AuditAction, AuditEventView, AuditFilter } from '../../../domain/schemas/audit';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import { lagosRange } from '../../lib/lagos-range';
import { type AuditDevice, currentDevice, currentStaffId } from './context';
import { type AuditEventRow, auditEvents } from './tables';

export type AuditEntry = {
  /**
   * The staff member who acted (not whoever else the action was for); by default the staff member
   * of the request being served. With neither, the record (and so the action) is refused.
   */
  staffId?: string;
  action: AuditAction;
  /** What was acted on, as a person finds it: an order number, a product name, a phone. */
  subject?: string | null;
  /** The before/after, or the key figures (amounts in kobo, quantities, statuses). */
  changes?: Record<string, unknown>;
  /** Where it came from; by default the request being served (audit/context.ts). */
  device?: AuditDevice | null;
};

/** One statement: the row's staff name is filled by the database as it inserts (migration 0025). */
const insertAudit = rawStatement<{ id: string }>(
  'audit_insert',
  sql`insert into ${auditEvents} (staff_id, action, subject, changes, user_agent, ip, device_id)
    values (
      ${value('staffId')}::uuid,
      ${value('action')}, ${value('subject')}, ${value('changes')}::jsonb,
      ${value('userAgent')}, ${value('ip')}, ${value('deviceId')}
    )
    returning id`,
);

/**
 * Records a staff action. Call it with the transaction that makes the change, so the change and
 * its record are committed together or not at all.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  const device = entry.device ?? currentDevice();
  const staffId = entry.staffId ?? currentStaffId();
  if (!staffId) throw new Error(`recordAudit(${entry.action}): no staff member acted`);
  await insertAudit.run(tx, {
    staffId,
    action: entry.action,
    subject: entry.subject ?? null,
    changes: JSON.stringify(entry.changes ?? {}),
    userAgent: device?.userAgent ?? null,
    ip: device?.ip ?? null,
    deviceId: device?.deviceId ?? null,
  });
}

function whereOf(filter: AuditFilter, range: { from: Date; to: Date }): SQL | undefined {
  const parts: SQL[] = [gte(auditEvents.createdAt, range.from), lt(auditEvents.createdAt, range.to)];
  if (filter.staffId) parts.push(eq(auditEvents.staffId, filter.staffId));
  if (filter.action) parts.push(eq(auditEvents.action, filter.action));
  return and(...parts);
}

const viewOf = (row: AuditEventRow): AuditEventView => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  staffId: row.staffId,
  staffName: row.staffName,
  action: row.action,
  subject: row.subject,
  changes: row.changes ?? {},
  userAgent: row.userAgent,
  ip: row.ip,
  deviceId: row.deviceId,
});

/** A page of the trail, newest first, over Lagos calendar days (today by default). */
export async function listAudit(db: DbOrTx, query: AuditFilter & { limit: number; offset: number }) {
  const range = lagosRange(query);
  const where = whereOf(query, range);
  const inRange = whereOf({}, range);
  const [rows, totals, people] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
    db
      .selectDistinctOn([auditEvents.staffId], { id: auditEvents.staffId, name: auditEvents.staffName })
      .from(auditEvents)
      .where(inRange)
      .orderBy(auditEvents.staffId, desc(auditEvents.createdAt)),
  ]);
  return {
    events: rows.map(viewOf),
    total: totals[0]?.n ?? 0,
    staff: people.sort((a, b) => a.name.localeCompare(b.name)),
    fromDate: range.fromDate,
    toDate: range.toDate,
  };
}

/** More rows than this is a report to narrow down, not a file to download. */
export const MAX_EXPORT_ROWS = 20_000;

/** Every row of a filter, oldest first, for the export; refused beyond MAX_EXPORT_ROWS. */
export async function auditRowsFor(db: DbOrTx, filter: AuditFilter) {
  const range = lagosRange(filter);
  const where = whereOf(filter, range);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(auditEvents.createdAt, auditEvents.id)
    .limit(MAX_EXPORT_ROWS + 1);
  if (rows.length > MAX_EXPORT_ROWS) {
    throw new AppError(`More than ${MAX_EXPORT_ROWS} records match; narrow the dates, the staff member or the kind`, {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { reason: 'TooManyRows', max: MAX_EXPORT_ROWS },
    });
  }
  return { events: rows.map(viewOf), fromDate: range.fromDate, toDate: range.toDate };
}
