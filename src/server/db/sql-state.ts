/**
 * Whether `err`, or an error it wraps (drizzle wraps the driver's in `cause`), carries PostgreSQL's
 * SQLSTATE `code`: '23505' a unique key taken, 'AR001' a statement that refused itself
 * (`refuse_statement`, migration 0019). Both drivers (pg, PGlite) put it in `code`.
 */
export function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    if ('code' in e && e.code === code) return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}

export const UNIQUE_VIOLATION = '23505';
export const STATEMENT_REFUSED = 'AR001';

/**
 * SQLSTATEs of a database that is not there right now: the connection failed or was lost
 * (class 08), and the server shutting down or starting up (57P01–57P03).
 */
const UNREACHABLE_STATES = /^(08\d{3}|57P0[123])$/;
/** Socket errors of a connection refused, reset or timed out. */
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What node-postgres says of a lost connection, or of none free in time: errors without a code. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed/;

/**
 * Whether `err` (or an error it wraps) says the database cannot be reached right now, rather
 * than that a statement failed: the request may succeed once it is back.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    const code = 'code' in e && typeof e.code === 'string' ? e.code : null;
    if (code && (UNREACHABLE_STATES.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
    if ('message' in e && typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}
