// The precache every device gets, a visitor's: the app shell, the home
// page and the public pages' scripts. Left out: the first views' code, which the worker caches
// when a client signs in, the signed-in app's code, cached once the app runs signed in
// (sw/staff-code.ts), the staff code, cached only when staff sign in, the other public pages, kept
// as they are visited (sw/navigation.ts), and the images, cached when first shown
// (sw/images.ts). vite.config.ts writes the code lists into dist/ and both precache
// manifests (vite-plugin-pwa's, then scripts/prerender.mjs's) pass through
// `publicPrecacheTransform`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The build's staff code, `{ version, urls }`, written next to the build (not precached: .json). */
export const STAFF_CODE_FILE = 'staff-code.json';
/** The signed-in app's code (the client screens and all the app needs), `{ version, urls }`. */
export const APP_CODE_FILE = 'app-code.json';

/** The first views' code and pages (the shop, the history without the app), `{ version, urls }`: a client's sign-in caches them. */
export const VIEWS_CODE_FILE = 'views-code.json';

/** Code that only works online (Paystack's checkout), `{ version, urls }`: fetched when used, never ahead. */
export const NETWORK_CODE_FILE = 'network-code.json';

/** Shown images and fonts are cached at runtime, with limits; nothing of them is downloaded ahead. */
export const RUNTIME_CACHED = /\.(png|svg|webp|avif|jpe?g|gif|ico|woff2?)$/;

/**
 * The public pages are precached as their offline copies (scripts/prerender.mjs writes
 * <route>/offline.html: the page with its stylesheets linked, not inlined, a third of its bytes);
 * the pages as served are kept as they are visited (sw/navigation.ts). The empty app shell too.
 */
export const OFFLINE_PAGE = 'offline.html';
const ROOT_MANIFEST = 'manifest.webmanifest';
const isPrecachedPage = (file) => file === 'shell.html' || file === OFFLINE_PAGE || file.endsWith(`/${OFFLINE_PAGE}`);

/** @param {string} dist @param {string} [file] @returns {{ version: string, urls: string[] }} */
export function readStaffCode(dist, file = STAFF_CODE_FILE) {
  return JSON.parse(readFileSync(path.join(dist, file), 'utf8'));
}

/** @param {string} dist @returns {{ version: string, urls: string[] }} */
export const readAppCode = (dist) => readStaffCode(dist, APP_CODE_FILE);

/** @param {string} dist @returns {{ version: string, urls: string[] }} */
export const readViewsCode = (dist) => readStaffCode(dist, VIEWS_CODE_FILE);

/** @param {string} dist @returns {{ version: string, urls: string[] }} */
export const readNetworkCode = (dist) => readStaffCode(dist, NETWORK_CODE_FILE);

/**
 * A workbox-build `manifestTransforms` entry: drops the app, views, staff and network-only code (but `keep`: the
 * stylesheets the public pages' offline copies link), the images and fonts, and the pages but
 * their offline copies and the shell.
 * @param {string} dist @param {Set<string>} [keep] URLs ('/assets/…') the public pages need
 */
export function publicPrecacheTransform(dist, keep = new Set()) {
  /** @param {Array<{ url: string, revision: string | null, size: number }>} entries */
  return async (entries) => {
    const apart = new Set(
      [
        ...readStaffCode(dist).urls,
        ...readAppCode(dist).urls,
        ...readViewsCode(dist).urls,
        ...readNetworkCode(dist).urls,
      ].filter((url) => !keep.has(url)),
    );
    const manifest = entries.filter((e) => {
      const file = e.url.replace(/^\//, '');
      if (file.endsWith('.html') && !isPrecachedPage(file)) return false;
      // The root manifest is there for installs made from it (their browser checks it online); the
      // pages link the hashed copy, which is precached.
      if (file === ROOT_MANIFEST) return false;
      return !apart.has(`/${file}`) && !RUNTIME_CACHED.test(file);
    });
    return { manifest, warnings: [] };
  };
}
