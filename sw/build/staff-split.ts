// Which files of the build are staff code (DESIGN "Offline-first": the precache follows who uses
// the device). Computed from Vite's build manifest, so no list of file names is kept by hand: a
// file is staff code when it is reachable from a staff route module and from nothing a visitor or
// a client can load.

/** One entry of Vite's `.vite/manifest.json` (the fields this split reads). */
export type ViteManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
export type ViteManifest = Record<string, ViteManifestChunk>;

/** The staff route modules: every page of the dashboard and its layout. */
export const STAFF_ROUTES_DIR = 'src/web/app/routes/dashboard/';

export const isStaffRouteModule = (key: string) => key.startsWith(STAFF_ROUTES_DIR) && !/\.test\.tsx?$/.test(key);

export type StaffSplit = {
  /** Files (relative to dist, as in the manifest) only staff screens load. */
  staffFiles: string[];
  /** Files a visitor or a client can load: the build's entries and all they reach without a staff route. */
  publicFiles: string[];
};

function filesOf(chunk: ViteManifestChunk): string[] {
  return [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
}

/** Every manifest key reachable from `roots` by static and dynamic imports, not entering `stopAt`. */
function reachable(manifest: ViteManifest, roots: string[], stopAt: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!seen.has(next) && !stopAt(next)) pending.push(next);
    }
  }
  return seen;
}

/**
 * Splits the build: the public side is everything reachable from the build's entries (the app
 * shell, the prerendered pages' scripts) without passing through a staff route module; the staff
 * side is what the staff route modules reach beyond that. A chunk both reach (React, Mantine, the
 * api client) stays public.
 */
export function splitStaffCode(manifest: ViteManifest, isStaffEntry: (key: string) => boolean = isStaffRouteModule) {
  const keys = Object.keys(manifest);
  const entries = keys.filter((key) => manifest[key]?.isEntry && !isStaffEntry(key));
  if (entries.length === 0) throw new Error('staff split: the build manifest has no entry');
  const staffEntries = keys.filter(isStaffEntry);
  if (staffEntries.length === 0) throw new Error(`staff split: no staff route module under ${STAFF_ROUTES_DIR}`);

  const publicKeys = reachable(manifest, entries, isStaffEntry);
  const staffKeys = [...reachable(manifest, staffEntries, (key) => publicKeys.has(key))].filter(
    (key) => !publicKeys.has(key),
  );
  const publicFiles = new Set([...publicKeys].flatMap((key) => filesOf(manifest[key] as ViteManifestChunk)));
  const staffFiles = new Set(
    staffKeys.flatMap((key) => filesOf(manifest[key] as ViteManifestChunk)).filter((file) => !publicFiles.has(file)),
  );
  return { staffFiles: [...staffFiles].sort(), publicFiles: [...publicFiles].sort() } satisfies StaffSplit;
}
