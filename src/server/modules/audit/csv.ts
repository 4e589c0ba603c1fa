import { type AuditEventView, auditActionLabels } from '../../../domain/schemas/audit';
import { csvCell as sharedCsvCell } from '../../lib/csv';

/** One cell of the export: every cell is text a person typed or a record's value, "-5" included. */
export const csvCell = (value: unknown): string => sharedCsvCell(value, 'text');

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

const HEADER = ['When (UTC)', 'Staff', 'Staff id', 'Action', 'Subject', 'Changes', 'Device id', 'IP', 'User agent'];

/** The export: a header line, then one line per record (RFC 4180 line ends). */
export function auditCsv(events: readonly AuditEventView[]): string {
  let out = csvLine(HEADER);
  for (const e of events) {
    out += csvLine([
      e.at,
      e.staffName,
      e.staffId,
      auditActionLabels[e.action] ?? e.action,
      e.subject,
      JSON.stringify(e.changes),
      e.deviceId,
      e.ip,
      e.userAgent,
    ]);
  }
  return out;
}
