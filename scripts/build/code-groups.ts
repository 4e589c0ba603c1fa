// Fewer, larger chunks for the app's screens. Left to itself the bundler gives every set of
// screens that share a module its own chunk: dozens of files before `/products` could answer,
// which on a 2G network over HTTP/1.1 (six connections at a time) cost seconds of round trips on
// top of the bytes. The build reads the module graph once it is complete
// (vite.config.ts, `codeGroups`) and groups the code by who needs it, so a screen loads a handful
// of files:
//   - `framework`: what the app and two screens or more use of the packages they all run on
//     (FRAMEWORK_PACKAGES); what one client screen alone uses of them is in a file of its own
//     beside the screen's (`screenParts`), so no screen downloads another's components;
//   - `app`: the project's modules the app loads before any screen (the router, the providers,
//     the layout);
//   - `site`: those of them a public page loads too, later (the API client of the sign-in form);
//   - `app-shared`: the project's modules two or more screens share, one of them at least a client
//     or public screen, when they bring nothing else along (a module needing socket.io, zod or
//     the local database stays with the screens that import it);
//   - `staff-shared`: the same for what only dashboard screens share.
// What a visitor's device runs (the public pages' scripts and the app shell's up-front imports) is
// in none of them, so a visitor's precache does not grow. A module only one screen uses stays in
// that screen's chunk, and one loaded on use (a dynamic import) in its own: code for a route still
// loads with the route, and the role split (staff-split.ts) reads the groups like any chunk.

export type ModuleGraph = {
  /** Static imports of a module. */
  imports: (id: string) => readonly string[];
  /** Dynamic imports of a module. */
  dynamicImports: (id: string) => readonly string[];
};

export type CodeGroups = {
  framework: Set<string>;
  /** The project's modules the app loads before any screen that a public page loads only later. */
  site: Set<string>;
  /** A framework module one client screen alone imports, with that screen's module. */
  screenParts: Map<string, string>;
  app: Set<string>;
  appShared: Set<string>;
  staffShared: Set<string>;
  /** The project's modules of the screens' first views without the app that the app does not use. */
  firstViews: Set<string>;
  /**
   * The modules of the staff's first views (the counter, the board, the shift screen) that neither
   * the app nor a client's first view uses: their own file, which a client's phone never loads.
   */
  staffViews: Set<string>;
  /** Those the app uses too (the cart, the reads): no first view's styles come with them. */
  firstViewsShared: Set<string>;
  /**
   * The stylesheets a first view and an app screen both use (the dispatch board's cards): a file
   * of their own, loaded by that view and that screen. In the shared file they would come with the
   * app's every screen, and so with the public pages, which link the app's styles.
   */
  firstViewsStyles: Set<string>;
  /**
   * What a first view loads later (the pickup channel, once the page is idle), with the app's
   * modules it needs: not the app's shared file, which comes with the framework.
   */
  firstViewsLater: Set<string>;
  /**
   * What a public page's script and a first view both run (the header's menu and sign-in, the
   * worker's registration): one file, not one per module, on a visitor's first visit.
   */
  pagesAndViews: Set<string>;
};

const inPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);
const isStylesheet = (id: string) => /\.css(\?|$)/.test(id);

/**
 * Every module reachable from `roots`, by static imports only or by dynamic ones too; with
 * `ownCode`, the walk stays in the project's own modules (a package's index re-exports all of it,
 * so walking into one would claim code the bundle then shakes off).
 */
function closure(graph: ModuleGraph, roots: readonly string[], dynamic: boolean, ownCode = false): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || (ownCode && inPackage(id))) continue;
    seen.add(id);
    for (const next of graph.imports(id)) if (!seen.has(next)) pending.push(next);
    if (dynamic) for (const next of graph.dynamicImports(id)) if (!seen.has(next)) pending.push(next);
  }
  return seen;
}

/**
 * The groups, from the module graph: `visitorRoots` are what a visitor's device runs (the public
 * pages' scripts, with everything they load, and the app shell's static imports), `appEntry` the
 * app's own module, `routes` the screens' modules (a dashboard screen is one under
 * STAFF_ROUTES_DIR).
 */
export function computeCodeGroups(
  graph: ModuleGraph,
  input: {
    visitorRoots: readonly string[];
    shellEntry: string;
    appEntry: string;
    routes: readonly string[];
    /** The static imports as the bundle keeps them (preciseImports); the graph's own by default. */
    exactImports?: (id: string) => readonly string[];
    /**
     * Screens' first views that run without the app (the shop's: features/orders/light): none of
     * their own modules joins a group the app's packages are loaded with.
     */
    lightEntries?: readonly string[];
    /** The staff's first views (app/first-views/staff-view.ts), grouped as the client's are. */
    staffLightEntries?: readonly string[];
  },
  isStaffRoute: (id: string) => boolean,
): CodeGroups {
  const visitor = closure(graph, input.visitorRoots, true);
  const shell = closure(graph, [input.shellEntry], false);
  for (const id of shell) visitor.add(id);
  // The framework's modules the app imports, or two client or public screens; a dashboard's own
  // components stay with the dashboard, a form's loaded on use with the form. What one client
  // screen alone imports is that screen's (`screenParts`): it does not weigh on the other screens'
  // first load, and it is one file however many dashboard screens share it too.
  const exact: ModuleGraph = { imports: input.exactImports ?? graph.imports, dynamicImports: () => [] };
  // Everything the app loads before any screen, packages and a public page's later code included.
  const base = closure(exact, [input.appEntry], false);
  const clientUsers = new Map<string, string[]>();
  for (const route of input.routes.filter((id) => !isStaffRoute(id)))
    for (const id of closure(exact, [route], false)) {
      if (!isFrameworkModule(id) || visitor.has(id) || base.has(id)) continue;
      clientUsers.set(id, [...(clientUsers.get(id) ?? []), route]);
    }
  const framework = new Set([...base].filter((id) => isFrameworkModule(id) && !visitor.has(id)));
  const screenParts = new Map<string, string>();
  for (const [id, routes] of clientUsers) {
    if (routes.length > 1) framework.add(id);
    else if (routes[0]) screenParts.set(id, routes[0]);
  }
  const app = new Set(
    [...closure(graph, [input.appEntry], false, true)].filter((id) => id !== input.appEntry && !visitor.has(id)),
  );
  // What the app loads before any screen and a public page only later (the sign-in form's API
  // client and its HTTP package, the errors, the paths, the sign-out): one file rather than one
  // each, as every app screen needs them all. Not what a public page runs up front (its start-up
  // script and behaviour stay as small as they are), and not the shell's own.
  // With them, those modules that two client screens or more import (a phone number's form, a
  // request's idempotency key) when all they import is loaded already; not one a page loads on use
  // (an enhancer), which keeps its own file.
  const pagesUpFront = closure(graph, input.visitorRoots, false);
  const laterOnPages = (id: string) => visitor.has(id) && !shell.has(id) && !pagesUpFront.has(id);
  const site = new Set(
    [...closure(graph, [input.appEntry], false)].filter((id) => id !== input.appEntry && laterOnPages(id)),
  );
  const loadedOnUse = new Set(
    [...closure(graph, [...input.visitorRoots, input.appEntry, ...input.routes], true)].flatMap((id) =>
      graph.dynamicImports(id),
    ),
  );
  const screenUses = new Map<string, number>();
  for (const route of input.routes.filter((id) => !isStaffRoute(id)))
    for (const id of closure(graph, [route], false, true))
      if (laterOnPages(id) && !site.has(id) && !loadedOnUse.has(id)) screenUses.set(id, (screenUses.get(id) ?? 0) + 1);
  const inSite = (id: string) => site.has(id) || framework.has(id) || base.has(id) || shell.has(id);
  for (let added = true; added; ) {
    added = false;
    for (const [id, uses] of screenUses) {
      if (uses < 2 || site.has(id) || !exact.imports(id).every(inSite)) continue;
      site.add(id);
      added = true;
    }
  }
  const users = new Map<string, { screens: number; public: boolean }>();
  for (const route of input.routes) {
    const staff = isStaffRoute(route);
    for (const id of closure(graph, [route], false, true)) {
      if (visitor.has(id) || app.has(id)) continue;
      const use = users.get(id) ?? { screens: 0, public: false };
      use.screens += 1;
      use.public ||= !staff;
      users.set(id, use);
    }
  }
  // A shared chunk is loaded by every screen that shares any of it, so it takes only modules that
  // bring nothing else along: whatever they import is in the framework, in the app, in the
  // shell's script, loaded by the app before any screen (the API client, which the public pages'
  // scripts share), or is such a module itself. One that needs another package (the live
  // channel's socket.io, the schemas' zod, the local database) or a public page's script that the
  // app does not load keeps to the screens that import it.
  const loaded = (id: string) => framework.has(id) || app.has(id) || shell.has(id) || base.has(id) || site.has(id);
  const light = new Set([...users.keys()].filter((id) => !inPackage(id)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of light) {
      if (exact.imports(id).every((next) => loaded(next) || light.has(next))) continue;
      light.delete(id);
      changed = true;
    }
  }
  const screens = new Set(input.routes);
  const appShared = new Set<string>();
  const staffShared = new Set<string>();
  for (const [id, use] of users) {
    // A screen's own module stays the screen's chunk, whoever else imports it.
    if (screens.has(id) || use.screens < 2 || !light.has(id)) continue;
    (use.public ? appShared : staffShared).add(id);
  }
  // A first view without the app takes none of the app's groups along. Its modules are two files of
  // their own: what the app uses too (loaded by both), and the rest (the views and their styles,
  // which the app, and so the public pages that link the app's styles, never load). What a
  // visitor's pages run stays aside (the `site` file among them, which the public pages load
  // without the framework; the build checks that a first view's files never include it:
  // scripts/prerender.mjs).
  const appUses = closure(graph, [input.appEntry, ...input.routes], true, true);
  const firstViews = new Set<string>();
  const firstViewsShared = new Set<string>();
  const firstViewsStyles = new Set<string>();
  // What the public pages' scripts run up front and the app or a first view runs too, in one file.
  const pagesRun = closure(graph, input.visitorRoots, false);
  const clientViewsRun = closure(graph, input.lightEntries ?? [], false);
  const viewsRun = closure(graph, [...(input.lightEntries ?? []), ...(input.staffLightEntries ?? [])], false);
  const staffViews = new Set<string>();
  const pagesAndViews = new Set(
    (input.lightEntries?.length ? [...pagesRun] : []).filter(
      (id) =>
        !input.visitorRoots.includes(id) &&
        visitor.has(id) &&
        !shell.has(id) &&
        !site.has(id) &&
        (viewsRun.has(id) || appUses.has(id)),
    ),
  );
  const firstViewsLater = new Set(
    [
      ...closure(
        graph,
        [...viewsRun].flatMap((id) => graph.dynamicImports(id)),
        false,
        true,
      ),
    ].filter((id) => !viewsRun.has(id) && !visitor.has(id) && !shell.has(id)),
  );
  for (const id of [...viewsRun, ...firstViewsLater]) {
    if (viewsRun.has(id) && !visitor.has(id) && !inPackage(id)) {
      const viewsOnly = clientViewsRun.has(id) ? firstViews : staffViews;
      (appUses.has(id) ? (isStylesheet(id) ? firstViewsStyles : firstViewsShared) : viewsOnly).add(id);
    }
    framework.delete(id);
    app.delete(id);
    appShared.delete(id);
    staffShared.delete(id);
    screenParts.delete(id);
  }
  return {
    framework,
    site,
    screenParts,
    app,
    appShared,
    staffShared,
    firstViews,
    staffViews,
    firstViewsShared,
    firstViewsStyles,
    firstViewsLater,
    pagesAndViews,
  };
}

/** A module as the bundler knows it: its id, its code after the transforms, its static imports. */
export type ModuleSource = { id: string; code: string | null; importedIds: readonly string[] };

const STATEMENT = /\b(?:import|export)\s*([^'"`;]*?)\s*from\s*["']([^"']+)["']/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const ALL = '*';

/** The names an import or re-export clause takes (`*` for all of them), by the name the source exports. */
function clauseNames(clause: string): string[] {
  if (clause.includes('*')) return [ALL];
  const names: string[] = [];
  const braces = clause.match(/\{([^}]*)\}/);
  const outside = clause
    .replace(/\{[^}]*\}/, '')
    .trim()
    .replace(/^type\b/, '');
  if (/[\w$]/.test(outside.replace(/[\s,]/g, ''))) names.push('default');
  for (const part of braces?.[1]?.split(',') ?? []) {
    // A type is no code: the transform drops it (kept here only if the code was not transformed).
    if (/^\s*type\s/.test(part)) continue;
    const name = part
      .trim()
      .split(/\s+as\s+/)[0]
      ?.trim();
    if (name) names.push(name);
  }
  return names;
}

const directory = (id: string) => id.slice(0, id.lastIndexOf('/'));
function resolveRelative(from: string, spec: string): string {
  const parts = directory(from).split('/');
  for (const segment of spec.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** Which of a module's imports a specifier names (a relative path, or a package by name). */
function resolveImport(module: ModuleSource, spec: string): string | undefined {
  if (spec.startsWith('.')) {
    const target = resolveRelative(module.id, spec);
    return module.importedIds.includes(target) ? target : undefined;
  }
  return module.importedIds.find((id) => id.includes(`/node_modules/${spec}/`));
}

/**
 * A package's index that only re-exports (Mantine's, its hooks'): which of its imports each
 * exported name comes from. Null when the module does anything else, or re-exports a whole module.
 */
function barrelOf(module: ModuleSource): Map<string, string> | null {
  if (!module.code || !inPackage(module.id)) return null;
  const code = module.code.replace(COMMENTS, '');
  const rest = code.replace(STATEMENT, '').replace(/["']use client["'];?/g, '');
  const exportBlock = /\bexport\s*\{([^}]*)\}\s*;?/;
  if (rest.replace(exportBlock, '').replace(/[;\s]/g, '') !== '') return null;
  const local = new Map<string, string>();
  for (const [, clause = '', spec = ''] of code.matchAll(STATEMENT)) {
    const target = resolveImport(module, spec);
    // A name from an import it cannot place stays unknown: who imports it keeps the whole index.
    if (!target) continue;
    for (const name of clauseNames(clause)) {
      if (name === ALL) return null;
      local.set(name, target);
    }
  }
  const exports = new Map<string, string>();
  for (const part of rest.match(exportBlock)?.[1]?.split(',') ?? []) {
    const [name = '', alias = name] = part
      .trim()
      .split(/\s+as\s+/)
      .map((s) => s.trim());
    const target = local.get(name);
    if (target) exports.set(alias, target);
  }
  return exports;
}

/**
 * The static imports of each module as the bundle will keep them: a module that takes three
 * components from Mantine's index imports those three, not the four hundred the index names (the
 * bundler shakes the rest off). Anything this cannot read is left as the bundler reported it, so
 * the groups only ever take too much, never too little.
 */
export function preciseImports(modules: readonly ModuleSource[]): (id: string) => readonly string[] {
  const barrels = new Map<string, Map<string, string>>();
  for (const module of modules) {
    const barrel = barrelOf(module);
    if (barrel) barrels.set(module.id, barrel);
  }
  const imports = new Map<string, readonly string[]>();
  for (const module of modules) {
    if (!module.importedIds.some((id) => barrels.has(id)) || !module.code) {
      imports.set(module.id, module.importedIds);
      continue;
    }
    const statements = [...module.code.replace(COMMENTS, '').matchAll(STATEMENT)];
    const precise = new Set<string>();
    for (const id of module.importedIds) {
      const barrel = barrels.get(id);
      if (!barrel) {
        precise.add(id);
        continue;
      }
      const names = statements
        .filter(([, , spec = '']) => resolveImport(module, spec) === id)
        .flatMap(([, clause = '']) => clauseNames(clause));
      const targets = names.map((name) => barrel.get(name));
      if (names.length === 0 || targets.some((target) => target === undefined)) precise.add(id);
      else for (const target of targets) precise.add(target as string);
    }
    imports.set(module.id, [...precise]);
  }
  return (id) => imports.get(id) ?? [];
}

/**
 * The packages every signed-in screen runs on: React, the router, TanStack Query, Mantine and what
 * Mantine's components use. The parts of them that a client or public screen imports, or the app
 * before any screen, are one chunk; what only a dashboard screen uses stays with the dashboard,
 * what a form loaded on use needs (a select, an autocomplete) comes with the form. Staff-only
 * packages (the date pickers, the charts, the QR scanner) are not in it.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+|@mantine[\\/](core|hooks|notifications|store)|@floating-ui[\\/][^\\/]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|detect-node-es|clsx|tabbable|react-number-format|react-textarea-autosize|react-transition-group|dom-helpers|prop-types|@babel[\\/]runtime)[\\/][^?]*\.(m?js|cjs)$/;
const isFrameworkModule = (id: string) => FRAMEWORK_PACKAGES.test(id);

const ROUTES_DIR = 'src/web/app/routes/';
/** A screen's module (a key relative to the project's root). */
export const isRouteModule = (key: string) =>
  key.startsWith(ROUTES_DIR) && /\.tsx?$/.test(key) && !/\.test\.tsx?$/.test(key);
