// `node scripts/precache-size.mjs [dist]`: what the service worker downloads behind a user's back,
// from the build in dist/, raw and brotli as served (the server sends the precompressed .br file
// when there is one: scripts/compress.mjs skips files under 512 bytes). Visitors get the
// precache; a client's sign-in adds the first views (the shop and the
// history without the app), the app running signed in adds the app's code, a staff sign-in the
// views, the app's and the staff code. The worker script itself is counted with the precache: every visitor fetches it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readAppCode, readStaffCode, readViewsCode } from './public-precache.mjs';

/** The precache manifest the build injected into sw.js. @param {string} dist */
export function readPrecacheManifest(dist) {
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const start = sw.search(/\[\{"(?:url|revision)":/);
  if (start < 0) throw new Error('sw.js: no precache manifest');
  let depth = 0;
  let end = start;
  for (; end < sw.length; end++) {
    if (sw[end] === '[') depth++;
    else if (sw[end] === ']' && --depth === 0) break;
  }
  /** @type {Array<{ url: string, revision: string | null }>} */
  const entries = JSON.parse(sw.slice(start, end + 1));
  return entries.map((e) => e.url.replace(/^\//, ''));
}

/** @param {string} dist @param {string[]} files relative to dist */
export function bytesOf(dist, files) {
  let raw = 0;
  let brotli = 0;
  for (const file of files) {
    const full = path.join(dist, file);
    const size = statSync(full).size;
    raw += size;
    brotli += existsSync(`${full}.br`) ? statSync(`${full}.br`).size : size;
  }
  return { files: files.length, raw, brotli };
}

/**
 * The figures: `visitor` (the precache plus sw.js), `client` (what a client's sign-in adds: the
 * first views), `app` (what the app running signed in adds: its code) and `staff` (what a staff
 * sign-in adds on top of the views and the app). @param {string} [dist]
 */
export function precacheSizes(dist = 'dist') {
  const precache = readPrecacheManifest(dist);
  /** @param {{ urls: string[] }} code */
  const files = (code) => code.urls.map((url) => url.replace(/^\//, ''));
  const staff = files(readStaffCode(dist));
  const views = files(readViewsCode(dist));
  // The app's stylesheets the public pages link are in the precache already.
  const app = files(readAppCode(dist)).filter((file) => !precache.includes(file));
  const overlap = [...staff, ...views].filter((file) => precache.includes(file));
  if (overlap.length) throw new Error(`signed-in code in the visitor's precache: ${overlap.join(', ')}`);
  return {
    visitor: bytesOf(dist, ['sw.js', ...precache]),
    client: bytesOf(dist, views),
    app: bytesOf(dist, app),
    staff: bytesOf(dist, staff),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  if (!existsSync(path.join(dist, 'sw.js'))) {
    console.error('precache-size: no build in dist/ — run `npm run build` first');
    process.exit(1);
  }
  const sizes = precacheSizes(dist);
  console.log(
    "what the service worker downloads: a visitor's precache (sw.js included); a client's sign-in adds the first views (client), the app running signed in its code (app), a staff sign-in the views, the app and the staff code",
  );
  for (const [who, s] of Object.entries(sizes)) {
    console.log(
      `  ${who.padEnd(8)} ${String(s.files).padStart(4)} files  ${kb(s.raw).padStart(10)} raw  ${kb(s.brotli).padStart(9)} brotli`,
    );
  }
}
