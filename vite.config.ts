import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicPrecacheTransform, STAFF_CODE_FILE } from './scripts/public-precache.mjs';
import type { StaffCodeManifest } from './src/domain/staff-code';
import { splitStaffCode, type ViteManifest } from './sw/build/staff-split';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/** The web app manifest lives at the project root (DESIGN: layout) and ships as-is. */
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

/**
 * Splits the staff code off the build (sw/build/staff-split.ts walks Vite's manifest from the
 * staff route modules): writes dist/staff-code.json for the precache filter, the size report and
 * the journeys, and hands the same list to the service worker's build as a virtual module.
 */
function staffCode(): { app: Plugin; worker: Plugin } {
  let staff: StaffCodeManifest | null = null;
  const app: Plugin = {
    name: 'arrive-staff-code',
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
      if (!text) throw new Error('staff code: the build has no .vite/manifest.json (build.manifest)');
      const urls = splitStaffCode(JSON.parse(text) as ViteManifest).staffFiles.map((file) => `/${file}`);
      const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
      staff = { version, urls };
      writeFileSync(path.join(outDir, STAFF_CODE_FILE), `${JSON.stringify(staff, null, 2)}\n`);
    },
  };
  const worker: Plugin = {
    name: 'arrive-staff-code-worker',
    resolveId: (id) => (id === STAFF_CODE_MODULE ? `\0${STAFF_CODE_MODULE}` : undefined),
    load(id) {
      if (id !== `\0${STAFF_CODE_MODULE}`) return undefined;
      if (!staff) throw new Error('staff code: the app was not built before the service worker');
      return `export default ${JSON.stringify(staff)};`;
    },
  };
  return { app, worker };
}

const staff = staffCode();

export default defineConfig({
  plugins: [
    react(),
    rootManifest(),
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
        // Visitors and clients: no staff code, no images (DESIGN "Offline-first").
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
      input: { index: 'index.html', marketing: 'src/web/marketing.ts', 'marketing-page': 'src/web/marketing-page.ts' },
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
