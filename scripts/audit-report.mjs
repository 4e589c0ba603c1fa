// The pure parts of `npm run audit`'s app-screen section: verdicts against targets, the printed
// table, the cookie jar of the API sign-in and the byte counts of the counting proxy.

/**
 * A figure beside its target: 'within' when it meets it ('max': at most, 'min': at least),
 * 'OVER' when it misses, '—' when there is no target or no figure.
 */
export function verdict(value, target, kind = 'max') {
  if (target === undefined || value === undefined || Number.isNaN(value)) return '—';
  const met = kind === 'min' ? value >= target : value <= target;
  return met ? 'within' : 'OVER';
}

/** Rows of cells as a plain-text table, columns padded to their widest cell. */
export function formatTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]?.length ?? 0)));
  const line = (row) => `  ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`.trimEnd();
  return [line(all[0]), line(widths.map((w) => '-'.repeat(w))), ...all.slice(1).map(line)].join('\n');
}

/** A figure and its target in one cell: '812 ms / 1000 within'. */
export function cell(text, value, target, kind = 'max') {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  return target === undefined ? text : `${text} / ${target} ${verdict(value, target, kind)}`;
}

/** The name=value pairs a response's Set-Cookie headers give, merged into a jar (a Map). */
export function mergeCookies(jar, setCookieHeaders) {
  for (const header of setCookieHeaders) {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (/;\s*max-age=0\b/i.test(header) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

export const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Bytes the counting proxy saw, grouped: `phase` → bytes on the wire (headers and bodies, as the
 * server sent them), split by whether the browser asked for a precached asset (/assets/…) or not.
 */
export function tally(records, phase) {
  let total = 0;
  let assets = 0;
  for (const r of records) {
    if (r.phase !== phase) continue;
    total += r.bytes;
    if (r.path.startsWith('/assets/')) assets += r.bytes;
  }
  return { total, assets, other: total - assets };
}
