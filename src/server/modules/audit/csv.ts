import { type AuditEventView, auditActionLabels } from '../../../domain/schemas/audit';

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (beginning with = + - @, a tab or a
 * carriage return) gets a leading quote, so opening the export never runs what a person typed
 * into a name or a note. A cell with a comma, a quote or a line break is quoted, quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
