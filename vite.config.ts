import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  type CodeGroups,
  computeCodeGroups,
  isRouteModule,
  type ModuleGraph,
  preciseImports,
} from './scripts/build/code-groups';
import {
  CLIENT_VIEWS_ENTRY,
  isStaffRouteModule,
  STAFF_VIEWS_CHUNK,
  STAFF_VIEWS_ENTRY,
  splitByRole,
  type ViteManifest,
} from './scripts/build/staff-split';
import {
  APP_CODE_FILE,
  NETWORK_CODE_FILE,
  publicPrecacheTransform,
  STAFF_CODE_FILE,
  VIEWS_CODE_FILE,
} from './scripts/public-precache.mjs';
import { CLIENT_VIEW_PAGES, STAFF_VIEW_PAGES, type StaffCodeManifest } from './src/domain/staff-code';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/** The web app manifest lives at the project root and ships as-is. */
function rootManifest(): Plugin {
  return {
    name: 'arrive-root-manifest',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: readFileSync('manifest.webmanifest', 'utf8'),
      });
    },
  };
}

const STAFF_CODE_MODULE = 'virtual:arrive-staff-code';
const APP_CODE_MODULE = 'virtual:arrive-app-code';
const VIEWS_CODE_MODULE = 'virtual:arrive-views-code';

/** `versionOf`: what else the files' bytes depend on (the views' pages are not hashed: see below). */
const codeManifest = (files: string[], versionOf: string[] = []): StaffCodeManifest => {
  const urls = files.map((file) => `/${file}`);
  const version = createHash('sha256')
    .update([...urls, ...versionOf].join('\n'))
    .digest('hex')
    .slice(0, 12);
  return { version, urls };
};

/**
 * Splits the build by who uses the device (scripts/build/staff-split.ts walks Vite's manifest):
 * the staff code, the first views' and the signed-in app's code are left out of the precache. Writes
 * dist/staff-code.json, dist/views-code.json and dist/app-code.json for the precache filter, the
 * size report and the journeys, and hands the same lists to the service worker's build as virtual
 * modules.
 */
function roleCode(): { app: Plugin; worker: Plugin } {
  let staff: StaffCodeManifest | null = null;
  let appCode: StaffCodeManifest | null = null;
  let views: StaffCodeManifest | null = null;
  const app: Plugin = {
    name: 'arrive-role-code',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const asset = bundle['.vite/manifest.json'];
      const manifestFile = path.join(outDir, '.vite', 'manifest.json');
      const text =
        asset?.type === 'asset'
          ? String(typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source))
          : existsSync(manifestFile)
            ? readFileSync(manifestFile, 'utf8')
            : null;
      if (!text) throw new Error('role code: the build has no .vite/manifest.json (build.manifest)');
      const split = splitByRole(JSON.parse(text) as ViteManifest);
      const pages = (of: Readonly<Record<string, string>>) => Object.values(of).map((url) => url.slice(1));
      // The views' pages (the prerendered shells of their screens) keep their names from build to
      // build: their version follows every file of the build the pages are made of, so a new build
      // fetches them again. The staff's are kept with the staff code, the client's with the views.
      staff = codeManifest(
        [...split.staffFiles, ...pages(STAFF_VIEW_PAGES)],
        [...split.publicFiles, ...split.viewsFiles],
      );
      appCode = codeManifest(split.appFiles);
      views = codeManifest(
        [...split.viewsFiles, ...pages(CLIENT_VIEW_PAGES)],
        [...split.publicFiles, ...split.staffFiles],
      );
      writeFileSync(path.join(outDir, STAFF_CODE_FILE), `${JSON.stringify(staff, null, 2)}\n`);
      writeFileSync(path.join(outDir, APP_CODE_FILE), `${JSON.stringify(appCode, null, 2)}\n`);
      writeFileSync(path.join(outDir, VIEWS_CODE_FILE), `${JSON.stringify(views, null, 2)}\n`);
      writeFileSync(
        path.join(outDir, NETWORK_CODE_FILE),
        `${JSON.stringify(codeManifest(split.networkFiles), null, 2)}\n`,
      );
    },
  };
  const modules: Record<string, () => StaffCodeManifest | null> = {
    [STAFF_CODE_MODULE]: () => staff,
    [APP_CODE_MODULE]: () => appCode,
    [VIEWS_CODE_MODULE]: () => views,
  };
  const worker: Plugin = {
    name: 'arrive-role-code-worker',
    resolveId: (id) => (id in modules ? `\0${id}` : undefined),
    load(id) {
      const name = id.startsWith('\0') ? id.slice(1) : '';
      const read = modules[name];
      if (!read) return undefined;
      const value = read();
      if (!value) throw new Error('role code: the app was not built before the service worker');
      return `export default ${JSON.stringify(value)};`;
    },
  };
  return { app, worker };
}

/**
 * A screen's code in a handful of files (scripts/build/code-groups.ts): the groups are computed
 * once the module graph is complete and answer the output's `codeSplitting.groups`.
 */
function codeGroups(options: {
  root: string;
  appEntry: string;
  shellEntry: string;
  publicEntries: string[];
  lightEntries: string[];
  staffLightEntries: string[];
}) {
  let groups: CodeGroups | null = null;
  const relative = (id: string) => (id.startsWith(options.root) ? id.slice(options.root.length + 1) : id);
  const plugin: Plugin = {
    name: 'arrive-code-groups',
    apply: 'build',
    buildEnd() {
      // Each module's imports and code, read from the bundler once: the walks below visit a module
      // many times.
      const modules = [...this.getModuleIds()].map((id) => {
        const info = this.getModuleInfo(id);
        return {
          id,
          code: info?.code ?? null,
          importedIds: info?.importedIds ?? [],
          dynamicImports: info?.dynamicallyImportedIds ?? [],
        };
      });
      const byId = new Map(modules.map((module) => [module.id, module]));
      const ids = [...byId.keys()];
      const graph: ModuleGraph = {
        imports: (id) => byId.get(id)?.importedIds ?? [],
        dynamicImports: (id) => byId.get(id)?.dynamicImports ?? [],
      };
      const find = (key: string) => {
        const id = ids.find((candidate) => relative(candidate) === key);
        if (!id) throw new Error(`code groups: ${key} is not in the build`);
        return id;
      };
      groups = computeCodeGroups(
        graph,
        {
          visitorRoots: options.publicEntries.map(find),
          shellEntry: find(options.shellEntry),
          appEntry: find(options.appEntry),
          routes: ids.filter((id) => isRouteModule(relative(id))),
          exactImports: preciseImports(modules),
          lightEntries: options.lightEntries.map(find),
          staffLightEntries: options.staffLightEntries.map(find),
        },
        (id) => isStaffRouteModule(relative(id)),
      );
    },
  };
  const member = (pick: (g: CodeGroups) => Set<string>) => (id: string) => (groups ? pick(groups).has(id) : false);
  return {
    plugin,
    // Each group takes only its own modules: a module's dependencies are grouped by who needs them.
    output: {
      includeDependenciesRecursively: false,
      groups: [
        { name: 'pages-and-views', test: member((g) => g.pagesAndViews), priority: 47 },
        { name: 'first-views', test: member((g) => g.firstViews), priority: 46 },
        { name: STAFF_VIEWS_CHUNK, test: member((g) => g.staffViews), priority: 46 },
        { name: 'first-views-shared', test: member((g) => g.firstViewsShared), priority: 45 },
        { name: 'first-views-styles', test: member((g) => g.firstViewsStyles), priority: 45 },
        { name: 'first-views-later', test: member((g) => g.firstViewsLater), priority: 44 },
        { name: 'framework', test: member((g) => g.framework), priority: 40 },
        // One file per client screen for the framework's modules that screen alone imports.
        {
          name: (id: string) => {
            const screen = groups?.screenParts.get(id);
            return screen ? `${path.basename(screen).replace(/\.tsx?$/, '')}-parts` : null;
          },
          priority: 35,
        },
        { name: 'app', test: member((g) => g.app), priority: 30 },
        { name: 'site', test: member((g) => g.site), priority: 25 },
        { name: 'app-shared', test: member((g) => g.appShared), priority: 20 },
        { name: 'staff-shared', test: member((g) => g.staffShared), priority: 10 },
      ],
    },
  };
}

const staff = roleCode();
const PUBLIC_ENTRIES = { marketing: 'src/web/marketing.ts', 'marketing-page': 'src/web/marketing-page.ts' };
const groups = codeGroups({
  root: __dirname,
  appEntry: 'src/web/entry-client.tsx',
  shellEntry: 'index.html',
  publicEntries: Object.values(PUBLIC_ENTRIES),
  // The client's screens' first views and the staff's (scripts/prerender.mjs, LIGHT_KEYS).
  lightEntries: [CLIENT_VIEWS_ENTRY],
  staffLightEntries: [STAFF_VIEWS_ENTRY],
});

export default defineConfig({
  plugins: [
    react(),
    rootManifest(),
    groups.plugin,
    staff.app,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2,webmanifest}'],
        globIgnores: ['**/sw.js', '**/workbox-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // A visitor's precache: no app code, no staff code, no network-only code (Paystack's
        // checkout), no images.
        manifestTransforms: [publicPrecacheTransform('dist')],
        buildPlugins: { vite: [staff.worker] },
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/prerender.mjs reads it to link each prerendered page's route code and styles.
    manifest: true,
    reportCompressedSize: false,
    rollupOptions: {
      // The app (index.html → main.tsx), and the prerendered public pages' script and the behaviour
      // it loads after the first paint.
      input: { index: 'index.html', ...PUBLIC_ENTRIES },
      // A screen's code in a handful of files rather than dozens (scripts/build/code-groups.ts).
      output: { codeSplitting: groups.output },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/sandbox': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
