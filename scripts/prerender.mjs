// Prerenders the marketing pages after `vite build`: a Vite SSR build of src/web/entry-server.tsx
// renders each page with react-dom/server and a static router into dist/<route>/index.html (the
// home into dist/index.html), with its route's code preloaded and its styles linked, so the
// headline paints before any JavaScript runs. Then the service worker's precache manifest is
// rebuilt, because vite-plugin-pwa injected it before these pages existed.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { getManifest } from 'workbox-build';

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const templateFile = path.join(dist, 'index.html');
const template = readFileSync(templateFile, 'utf8');
if (template.includes('data-prerendered-path') || !existsSync(manifestFile)) {
  console.error('prerender: dist/ is not a fresh `vite build` (run `npm run build`)');
  process.exit(1);
}
const clientManifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

// 1. Build the server entry for Node (outside dist, without the PWA plugin; inside the project so
// it resolves node_modules).
const ssrOut = path.resolve('node_modules', '.cache', `arrive-prerender-${process.pid}`);
await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: 'src/web/entry-server.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
  },
});
const entry = await import(pathToFileURL(path.join(ssrOut, 'entry-server.mjs')).href);

// 2. What each route module needs beyond the main entry: its chunks and their styles.
const entryKey = Object.keys(clientManifest).find((k) => clientManifest[k].isEntry);
const collect = (key, seen = new Set()) => {
  if (seen.has(key) || !clientManifest[key]) return seen;
  seen.add(key);
  for (const dep of clientManifest[key].imports ?? []) collect(dep, seen);
  return seen;
};
const inEntry = collect(entryKey);
// main.tsx loads the app (entry-client.tsx) after the first paint. Its styles and the route's are
// inlined below. Its code is not <link rel=modulepreload>ed by default: on a slow link ~230 KB of
// preloads compete with the page itself (Lighthouse's mobile FCP went from ~1.3 s to ~3.5 s);
// PRERENDER_PRELOAD=1 adds the hints for fast networks.
const APP_KEY = 'src/web/entry-client.tsx';
const PRELOAD_APP = process.env.PRERENDER_PRELOAD === '1';
if (!clientManifest[APP_KEY]) throw new Error(`the build has no ${APP_KEY} chunk`);
const assetsFor = (moduleKey) => {
  const chunks = [...new Set([...collect(APP_KEY), ...collect(moduleKey)])].filter((k) => !inEntry.has(k));
  return {
    js: chunks.map((k) => `/${clientManifest[k].file}`),
    css: [...new Set(chunks.flatMap((k) => clientManifest[k].css ?? []))].map((f) => `/${f}`),
  };
};

// 3. The app shell for every page that is not prerendered (the server and the service worker
// answer those with dist/shell.html): the template as Vite built it, with an empty root.
writeFileSync(path.join(dist, 'shell.html'), template);

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The styles a page needs to paint are inlined: on a slow network each render-blocking request
// costs a round trip before the headline shows. The files stay (cached and precached) for the app.
const inlineCss = new Map();
const styleOf = (href) => {
  if (!inlineCss.has(href)) {
    const text = readFileSync(path.join(dist, href), 'utf8').replace(/<\/style/gi, '<\\/style');
    inlineCss.set(href, text);
  }
  return `<style data-href="${href}">${inlineCss.get(href)}</style>`;
};
const inlineStylesheets = (html) =>
  html.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_, href) => styleOf(href));

function page(route, body) {
  const meta = entry.marketingPageMeta[route];
  const { js, css } = assetsFor(entry.routeModuleFor(route));
  const head = [
    ...css.map((href) => styleOf(href)),
    ...(PRELOAD_APP ? js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`) : []),
  ].join('');
  let html = inlineStylesheets(template)
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `${head}</head>`);
  const root = '<div id="root"><!--app-html--></div>';
  if (!html.includes(root)) throw new Error('index.html lost its <div id="root"><!--app-html--></div>');
  html = html.replace(root, () => `<div id="root" data-prerendered-path="${route}">${body}</div>`);
  return html;
}

// 4. Render every marketing page.
const routes = Object.keys(entry.marketingPageMeta);
for (const route of routes) {
  const body = await entry.render(route);
  if (!body.includes('<h1')) throw new Error(`${route} rendered without a heading`);
  const file = route === '/' ? templateFile : path.join(dist, route.slice(1), 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page(route, body));
}
rmSync(ssrOut, { recursive: true, force: true });
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

// 5. The service worker's precache: the same globs as vite.config.ts, now with the pages.
const swFile = path.join(dist, 'sw.js');
const sw = readFileSync(swFile, 'utf8');
const start = sw.indexOf('[{"revision":');
if (start < 0) throw new Error('sw.js: the injected precache manifest was not found');
let depth = 0;
let end = start;
for (; end < sw.length; end++) {
  if (sw[end] === '[') depth++;
  else if (sw[end] === ']' && --depth === 0) break;
}
JSON.parse(sw.slice(start, end + 1)); // it must be the manifest, nothing else
const { manifestEntries, warnings } = await getManifest({
  globDirectory: dist,
  globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2,webmanifest}'],
  globIgnores: ['**/sw.js', '**/workbox-*.js', '**/*.br', '**/*.gz'],
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  dontCacheBustURLsMatching: /^assets\//,
});
for (const w of warnings) console.warn(`prerender: ${w}`);
writeFileSync(swFile, sw.slice(0, start) + JSON.stringify(manifestEntries) + sw.slice(end + 1));
const pages = manifestEntries.filter((e) => e.url.endsWith('index.html')).length;
console.log(`prerendered ${routes.length} pages; precache: ${manifestEntries.length} entries (${pages} pages)`);
