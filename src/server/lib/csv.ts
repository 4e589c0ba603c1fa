// Reports as CSV files: cells a spreadsheet opens safely, and the answer's headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatDate, LAGOS_UTC_OFFSET_MS } from '../../domain/format';

/** A plain amount or count ("-25.50", "3"): a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (beginning with = + - @, a tab or a
 * carriage return) gets a leading quote, so opening the file never runs what a person typed into
 * a name; a plain number (a negative variance) stays a number unless `numbers: 'text'` (a file of
 * what people typed, where "-5" was typed as text). A cell with a comma, a quote or a line break
 * is quoted, quotes doubled (RFC 4180).
 */
export function csvCell(value: unknown, numbers: 'number' | 'text' = 'number'): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (/^[=+\-@\t\r]/.test(text) && (numbers === 'text' || !PLAIN_NUMBER.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line then one line per row, each ended by CRLF. */
export const csvText = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows].map((cells) => `${cells.map((cell) => csvCell(cell)).join(',')}\r\n`).join('');

/** Kobo as naira with two decimals, as a spreadsheet sums it ("1234.50"); '' for none. */
export const nairaCell = (kobo: number | null | undefined): string =>
  kobo === null || kobo === undefined ? '' : (kobo / 100).toFixed(2);

/** A moment as dd/MM/yyyy HH:mm on the Lagos clock (as the screens write it); '' for none. */
export function lagosDateTimeCell(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + LAGOS_UTC_OFFSET_MS);
  const hhmm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)} ${hhmm}`;
}

/** Whether the caller asked for the CSV file: `format=csv`, or an Accept header naming text/csv. */
export function wantsCsv(request: FastifyRequest, format: string | undefined): boolean {
  if (format) return format === 'csv';
  return /(^|,)\s*text\/csv\s*(;|,|$)/i.test(request.headers.accept ?? '');
}

/** A file name's part from free text: "Arrive Lekki" → "arrive-lekki". */
export const fileNamePart = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'center';

/** Sends a CSV file to download, named `name` (ASCII: fileNamePart). */
export const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
