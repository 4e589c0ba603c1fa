// Fewer, larger chunks for the app's screens. Left to itself the bundler gives every set of
// screens that share a module its own chunk: about ninety files before `/products` could answer,
// which on a 2G network over HTTP/1.1 (six connections, 300 ms a round trip) cost some four seconds
// of round trips on top of the bytes. The build reads the module graph once it is complete
// (vite.config.ts, `codeGroups`) and groups the code by who needs it, so a screen loads a handful
// of files:
//   - `framework`: the packages every signed-in screen runs on (FRAMEWORK_PACKAGES);
//   - `app`: the project's modules the app loads before any screen (the router, the providers,
//     the layout);
//   - `app-shared`: the project's modules two or more screens share, one of them at least a client
//     or public screen;
//   - `staff-shared`: the project's modules two or more dashboard screens share and no other uses.
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
  app: Set<string>;
  appShared: Set<string>;
  staffShared: Set<string>;
};

const inPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);

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
    modules: readonly string[];
  },
  isStaffRoute: (id: string) => boolean,
): CodeGroups {
  const visitor = closure(graph, input.visitorRoots, true);
  for (const id of closure(graph, [input.shellEntry], false)) visitor.add(id);
  const app = new Set(
    [...closure(graph, [input.appEntry], false, true)].filter((id) => id !== input.appEntry && !visitor.has(id)),
  );
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
  const appShared = new Set<string>();
  const staffShared = new Set<string>();
  for (const [id, use] of users) {
    // A screen's own module stays the screen's chunk, whoever else imports it.
    if (input.routes.includes(id) || use.screens < 2) continue;
    (use.public ? appShared : staffShared).add(id);
  }
  const framework = new Set(input.modules.filter((id) => isFrameworkModule(id) && !visitor.has(id)));
  return { framework, app, appShared, staffShared };
}

/**
 * The packages every signed-in screen runs on: React, the router, TanStack Query, Mantine and what
 * Mantine's components use. Their code is one chunk; the bundle keeps only what some screen uses,
 * so a client also loads the few Mantine components only a dashboard uses (a few KB, in exchange
 * for dozens of requests). Staff-only packages (the date pickers, the charts, the QR scanner) are
 * not in it.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+|@mantine[\\/](core|hooks|notifications|store)|@floating-ui[\\/][^\\/]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|detect-node-es|clsx|tabbable|react-number-format|react-textarea-autosize|react-transition-group|dom-helpers|prop-types|@babel[\\/]runtime)[\\/][^?]*\.(m?js|cjs)$/;
const isFrameworkModule = (id: string) => FRAMEWORK_PACKAGES.test(id);

const ROUTES_DIR = 'src/web/app/routes/';
/** A screen's module (a key relative to the project's root). */
export const isRouteModule = (key: string) =>
  key.startsWith(ROUTES_DIR) && /\.tsx?$/.test(key) && !/\.test\.tsx?$/.test(key);
