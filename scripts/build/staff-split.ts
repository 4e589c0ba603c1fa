// Which files of the build are staff code (the precache follows who uses the device). Computed from Vite's build manifest, so no list of file names is kept by hand: a
// file is staff code when it is reachable from a staff route module and from nothing a visitor or
// a client can load.

/** One entry of Vite's `.vite/manifest.json` (the fields this split reads). */
export type ViteManifestChunk = {
  file: string;
  /** The chunk's name: a code group's (vite.config.ts) for the chunks the groups make. */
  name?: string;
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

/**
 * The staff's first views (the counter, the board, the shift screen without the app): staff code,
 * in the chunk the build names for them (vite.config.ts, the `staff-views` group).
 */
export const STAFF_VIEWS_ENTRY = 'src/web/app/first-views/staff-view.ts';
export const STAFF_VIEWS_CHUNK = 'staff-views';

/** Where staff code starts: a dashboard route, or the staff's first views' chunk. */
export const isStaffEntryModule = (key: string, chunk?: ViteManifestChunk) =>
  isStaffRouteModule(key) || chunk?.name === STAFF_VIEWS_CHUNK;

/** Whether a manifest key starts staff code (its chunk looked up). */
type StaffEntry = (key: string, chunk?: ViteManifestChunk) => boolean;

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
export function splitStaffCode(manifest: ViteManifest, isStaffEntry: StaffEntry = isStaffEntryModule) {
  const staffEntry = (key: string) => isStaffEntry(key, manifest[key]);
  const keys = Object.keys(manifest);
  const entries = keys.filter((key) => manifest[key]?.isEntry && !staffEntry(key));
  if (entries.length === 0) throw new Error('staff split: the build manifest has no entry');
  const staffEntries = keys.filter(staffEntry);
  if (staffEntries.length === 0) throw new Error(`staff split: no staff route module under ${STAFF_ROUTES_DIR}`);

  const publicKeys = reachable(manifest, entries, staffEntry);
  const staffKeys = [...reachable(manifest, staffEntries, (key) => publicKeys.has(key))].filter(
    (key) => !publicKeys.has(key),
  );
  const publicFiles = new Set([...publicKeys].flatMap((key) => filesOf(manifest[key] as ViteManifestChunk)));
  const staffFiles = new Set(
    staffKeys.flatMap((key) => filesOf(manifest[key] as ViteManifestChunk)).filter((file) => !publicFiles.has(file)),
  );
  return { staffFiles: [...staffFiles].sort(), publicFiles: [...publicFiles].sort() } satisfies StaffSplit;
}

/** The app shell's entry: its static imports run before the app; the app itself is a dynamic import. */
export const APP_SHELL_ENTRY = 'index.html';

/**
 * Code that can only do its work with the network up: Paystack's checkout (paying needs Paystack
 * itself). Nobody's device keeps it ahead of time; it is fetched when someone pays.
 */
export const isNetworkOnlyModule = (key: string) => key.includes('node_modules/@paystack/inline-js/');

/**
 * The first views' own code (src/web/app/first-views: the shop, the history, an order and the
 * wallet without the app): the build puts it in the `first-views` groups' chunks (vite.config.ts),
 * named for them. The client's views start from the `first-views` chunk; the others hold what it
 * shares with the app or the staff's views, and belong to the views only where imported.
 */
export const CLIENT_VIEWS_ENTRY = 'src/web/app/first-views/first-view.ts';
export const isFirstViewsChunk = (key: string, chunk: ViteManifestChunk) =>
  key === CLIENT_VIEWS_ENTRY || Boolean(chunk.name?.startsWith('first-views'));
const isFirstViewsRoot = (key: string, chunk: ViteManifestChunk) =>
  key === CLIENT_VIEWS_ENTRY || chunk.name === 'first-views';

/**
 * What the views run: their root chunks, what those import, statically or lazily (a views chunk's
 * lazy imports too), and what that imports statically. A chunk the views share with the public
 * pages may load more later (the pages' forms): that is not the views' code.
 */
function viewsReach(
  manifest: ViteManifest,
  isViews: (key: string, chunk: ViteManifestChunk) => boolean,
  isRoot: (key: string, chunk: ViteManifestChunk) => boolean,
  stopAt: (key: string) => boolean,
): Set<string> {
  const seen = new Set<string>();
  const pending = Object.keys(manifest).filter((key) => isRoot(key, manifest[key] as ViteManifestChunk));
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    const lazy = isViews(key, chunk) ? (chunk.dynamicImports ?? []) : [];
    for (const next of [...(chunk.imports ?? []), ...lazy]) if (!seen.has(next) && !stopAt(next)) pending.push(next);
  }
  return seen;
}

export type RoleSplit = StaffSplit & {
  /** What a visitor's device keeps: the public pages' scripts and the app shell's own start-up code. */
  visitorFiles: string[];
  /** The first views' code (and what it loads later) beyond the visitor's: cached when a client signs in. */
  viewsFiles: string[];
  /** The signed-in app (React, the router, Mantine, the client screens): cached once the app runs signed in. */
  appFiles: string[];
  /** Code only the network-only modules reach: never cached ahead (`isNetworkOnlyModule`). */
  networkFiles: string[];
};

/** Every key `roots` reach by static imports only: the code that runs before any lazy import. */
function staticClosure(manifest: ViteManifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

/**
 * Splits the build by who uses the device, from the module graph only, so
 * a new route lands in the right place by where it lives. Staff code as `splitStaffCode` finds it.
 * Visitor code: what the public pages' entries (every entry but the app shell) and the app shell
 * load up front (static imports), and what the pages load later that the app never does (their
 * enhancers). The first views' code: what their own chunks load beyond that (`viewsReach`; they
 * never reach the app: a view is handed the app's loader), the app's shared part included. The rest of the public side is the signed-in app's
 * code, cached once the app runs signed in: what a page loads later and the app shares (the
 * sign-out of a signed-in header, say) goes there.
 */
export function splitByRole(
  manifest: ViteManifest,
  isStaffEntry: StaffEntry = isStaffEntryModule,
  isNetworkOnly: (key: string) => boolean = isNetworkOnlyModule,
  isViewsChunk: (key: string, chunk: ViteManifestChunk) => boolean = isFirstViewsChunk,
  isViewsRoot: (key: string, chunk: ViteManifestChunk) => boolean = isFirstViewsRoot,
) {
  const split = splitStaffCode(manifest, isStaffEntry);
  const staffEntry = (key: string) => isStaffEntry(key, manifest[key]);
  const keys = Object.keys(manifest);
  // What the network-only modules reach that nothing else does, through any entry or staff route.
  const otherwise = new Set(
    [
      ...reachable(
        manifest,
        keys.filter((key) => (manifest[key]?.isEntry || staffEntry(key)) && !isNetworkOnly(key)),
        isNetworkOnly,
      ),
    ].flatMap((key) => filesOf(manifest[key] as ViteManifestChunk)),
  );
  const network = new Set(
    [...reachable(manifest, keys.filter(isNetworkOnly), () => false)]
      .flatMap((key) => filesOf(manifest[key] as ViteManifestChunk))
      .filter((file) => !otherwise.has(file)),
  );
  const pageEntries = keys.filter((key) => manifest[key]?.isEntry && key !== APP_SHELL_ENTRY && !staffEntry(key));
  const upFront = staticClosure(manifest, [...pageEntries, APP_SHELL_ENTRY]);
  const appReach = reachable(manifest, [APP_SHELL_ENTRY], staffEntry);
  const pagesOnly = [...reachable(manifest, pageEntries, staffEntry)].filter((key) => !appReach.has(key));
  const visitorKeys = new Set([...upFront, ...pagesOnly]);
  const visitor = new Set([...visitorKeys].flatMap((key) => filesOf(manifest[key] as ViteManifestChunk)));
  const views = new Set(
    [...viewsReach(manifest, isViewsChunk, isViewsRoot, staffEntry)]
      .flatMap((key) => filesOf(manifest[key] as ViteManifestChunk))
      .filter((file) => !visitor.has(file) && !network.has(file)),
  );
  const appFiles = split.publicFiles.filter((file) => !visitor.has(file) && !network.has(file) && !views.has(file));
  return {
    staffFiles: split.staffFiles.filter((file) => !network.has(file)),
    publicFiles: split.publicFiles,
    visitorFiles: [...visitor].filter((file) => !network.has(file)).sort(),
    viewsFiles: [...views].sort(),
    appFiles,
    networkFiles: [...network].sort(),
  } satisfies RoleSplit;
}
