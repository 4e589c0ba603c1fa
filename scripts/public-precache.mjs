// The precache a visitor and a client get (DESIGN "Offline-first"): the build's files without the
// staff code, which the worker caches only when staff sign in (sw/staff-code.ts), and without the
// images, which are cached when first shown (sw/images.ts). vite.config.ts writes the staff list
// into dist/ and both precache manifests (vite-plugin-pwa's, then scripts/prerender.mjs's) pass
// through `publicPrecacheTransform`.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The build's staff code, `{ version, urls }`, written next to the build (not precached: .json). */
export const STAFF_CODE_FILE = 'staff-code.json';

/** Shown images are cached at runtime, with limits; icons and pictures are not downloaded ahead. */
export const RUNTIME_CACHED = /\.(png|svg|webp|avif|jpe?g|gif|ico)$/;

/** @param {string} dist @returns {{ version: string, urls: string[] }} */
export function readStaffCode(dist) {
  return JSON.parse(readFileSync(path.join(dist, STAFF_CODE_FILE), 'utf8'));
}

/**
 * A workbox-build `manifestTransforms` entry: drops the staff code and the images.
 * @param {string} dist
 */
export function publicPrecacheTransform(dist) {
  /** @param {Array<{ url: string, revision: string | null, size: number }>} entries */
  return async (entries) => {
    const staff = new Set(readStaffCode(dist).urls);
    const manifest = entries.filter((e) => !staff.has(`/${e.url.replace(/^\//, '')}`) && !RUNTIME_CACHED.test(e.url));
    return { manifest, warnings: [] };
  };
}
