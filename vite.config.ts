import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
    react(),
    rootManifest(),
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
