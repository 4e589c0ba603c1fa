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
