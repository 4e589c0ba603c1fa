// Prerenders the marketing pages after `vite build`: a Vite SSR build of src/web/entry-server.tsx
// renders each page with react-dom/server and a static router into dist/<route>/index.html (the
// home into dist/index.html), with its styles inlined and its start-up script, so the headline
// paints before any JavaScript runs. The app's screens get shells the same way (dist/app-shells/:
// the header and the screen's skeleton, styled inline, and the app's scripts, which replace it).
// Then the service worker's precache manifest is rebuilt, because vite-plugin-pwa injected it
// before these pages existed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build } from 'vite';
import { getManifest } from 'workbox-build';
import { OFFLINE_PAGE, publicPrecacheTransform, readStaffCode, readViewsCode } from './public-precache.mjs';

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

// 2. What each page needs. The prerendered pages are not hydrated: instead of the app's entry
// (main.tsx → React, the router, Mantine) they load src/web/marketing.ts, which adds the pages'
// behaviour (src/web/marketing-page.ts, a few kilobytes of enhancers) once the page has painted.
// The styles of the app's layout and of the page's route module are inlined, so the page paints
// from its HTML alone.
const APP_ENTRY_KEY = 'index.html';
const APP_KEY = 'src/web/entry-client.tsx';
const PAGE_SCRIPT_KEY = 'src/web/marketing.ts';
const PAGE_BEHAVIOUR_KEY = 'src/web/marketing-page.ts';
for (const key of [APP_ENTRY_KEY, APP_KEY, PAGE_SCRIPT_KEY, PAGE_BEHAVIOUR_KEY]) {
  if (!clientManifest[key]) throw new Error(`the build has no ${key} chunk`);
}
const collect = (key, seen = new Set()) => {
  if (seen.has(key) || !clientManifest[key]) return seen;
  seen.add(key);
  for (const dep of clientManifest[key].imports ?? []) collect(dep, seen);
  return seen;
};
const inEntry = collect(APP_ENTRY_KEY);
const cssFor = (moduleKey) => {
  const chunks = [...new Set([...collect(APP_KEY), ...collect(moduleKey)])].filter((k) => !inEntry.has(k));
  return [...new Set(chunks.flatMap((k) => clientManifest[k].css ?? []))].map((f) => `/${f}`);
};
// The page's start-up script is a few hundred bytes, inline (the server admits it by its hash, from
// csp.json), and changes nothing on screen. Once the page has painted it adds the behaviour and
// its chunks, which the <meta> below lists, so nothing but the HTML is fetched before the first
// paint on a slow network.
const filesOf = (key) => [...collect(key)].map((k) => `/${clientManifest[k].file}`);
if ((clientManifest[PAGE_SCRIPT_KEY].imports ?? []).length > 0) {
  throw new Error(`${PAGE_SCRIPT_KEY} is inlined into the pages: it must import nothing`);
}
const bootCode = readFileSync(path.join(dist, clientManifest[PAGE_SCRIPT_KEY].file), 'utf8').trim();
if (/<\/script/i.test(bootCode)) throw new Error(`${PAGE_SCRIPT_KEY} cannot be inlined: it contains </script`);
const scriptHash = (code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const bootHash = scriptHash(bootCode);
// The color scheme before the first paint, as Mantine will set it (its local-storage manager's
// key; the app's default is 'auto', the device's preference): a dark-mode user never sees a white
// flash, on the public pages as on the app shells. Without JavaScript the pages stay light.
const colorSchemeCode =
  "try{var v=localStorage.getItem('mantine-color-scheme-value');document.documentElement.setAttribute('data-mantine-color-scheme',v==='dark'||(v!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}";
writeFileSync(
  path.join(dist, 'csp.json'),
  `${JSON.stringify({ scriptHashes: [bootHash, scriptHash(colorSchemeCode)] }, null, 2)}\n`,
);
const pageScriptTags = [
  `<meta name="arrive:page-script" content="${filesOf(PAGE_BEHAVIOUR_KEY).join(' ')}">`,
  `<script type="module">${bootCode}</script>`,
].join('');
for (const key of [PAGE_SCRIPT_KEY, PAGE_BEHAVIOUR_KEY]) {
  if ((clientManifest[key].css ?? []).length > 0) {
    throw new Error(`${key} must not import styles: the pages' styles are inlined from the app's`);
  }
}

// 3. The app shell for every page that is not prerendered (the server and the service worker
// answer those with dist/shell.html): the template as Vite built it, with an empty root.
writeFileSync(path.join(dist, 'shell.html'), template);

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The styles a page needs to paint are inlined, pruned to the rules its HTML uses: on a slow network
// each render-blocking request costs a round trip, and a page that fits the first TCP window paints
// a round trip sooner. The rules of the states the enhancers switch on are kept too; the whole files
// are a safety net for anything else, listed in a <meta> and linked by marketing-page.ts at the
// visitor's first interaction or after a long idle moment.
const inlineCss = new Map();
const styleOf = (href) => {
  if (!inlineCss.has(href)) {
    const text = readFileSync(path.join(dist, href), 'utf8').replace(/<\/style/gi, '<\\/style');
    inlineCss.set(href, text);
  }
  return `<style data-href="${href}">${inlineCss.get(href)}</style>`;
};
/**
 * The template without the app's entry script and its preloads (the pages run marketing.ts), and
 * with the manifest link turned into a <meta> that marketing-page.ts links after the first paint.
 */
const withoutAppScripts = (html) => {
  const manifest = /<link rel="manifest" href="([^"]+)"\s*\/?>/;
  if (!manifest.test(html)) throw new Error('index.html has no <link rel="manifest">');
  const stripped = html
    .replace(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/, '')
    .replace(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, '')
    .replace(manifest, (_, href) => `<meta name="arrive:manifest" content="${href}">`);
  if (/<script/.test(stripped)) throw new Error('index.html has a script the prerendered pages would not drop');
  return stripped;
};
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;
const inlineStylesheets = (html) => html.replace(STYLESHEET_LINK, (_, href) => styleOf(href));

/** The sheets the template links itself (the app entry's), which every page inlines where they are linked. */
const templateStyles = new Set([...template.matchAll(STYLESHEET_LINK)].map((m) => m[1]));

const beastiesOptions = {
  path: dist,
  external: false,
  reduceInlineStyles: true,
  keyframes: 'critical',
  // Its minifier mangles custom properties (drops the ';' after `calc(…)`); the files are minified already.
  compress: false,
  logLevel: 'warn',
  allowRules: [
    // Beasties does not match selectors on <html> itself: keep both schemes' variables (the pages
    // follow the device's scheme, set before the first paint).
    /data-mantine-color-scheme=['"]?(light|dark)/,
    // The states the enhancers switch on (an open menu, a hidden bar, a field's error, a busy
    // button, an open dialog), styled from the start.
    /\[(aria-expanded|aria-invalid|aria-busy|data-hidden|data-error|data-disabled|data-loading|open)\b/,
  ],
};
const beasties = new Beasties(beastiesOptions);
// The app shells follow the user's color scheme: both schemes' variables stay.
const shellBeasties = new Beasties({
  ...beastiesOptions,
  allowRules: [/data-mantine-color-scheme=['"]?(light|dark)/, /:disabled/],
});
/**
 * Drops the inline custom properties nothing on the page reads (Mantine declares ~300 on :root; a
 * page uses about a third). The deferred stylesheets declare them all again for later states.
 */
function withoutUnusedProperties(html) {
  const used = new Set([...html.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]));
  return html.replace(/<style([^>]*)>([\s\S]*?)<\/style>/g, (_, attrs, css) => {
    const pruned = css
      .replace(/(?<=[{;]\s*)(--[\w-]+):[^;{}]*;?/g, (declaration, name) => (used.has(name) ? declaration : ''))
      .replace(/;}/g, '}');
    return `<style${attrs}>${pruned}</style>`;
  });
}

const templateCss = [...template.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g)].map(
  (m) => m[1],
);

async function page(
  route,
  body,
  { meta = entry.marketingPageMeta[route], extraHead = '', offline: withOffline = true } = {},
) {
  const pageCss = cssFor(entry.routeModuleFor(route));
  const head = [...pageCss.map((href) => styleOf(href)), pageScriptTags, extraHead].join('');
  let html = inlineStylesheets(withoutAppScripts(template))
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace('<head>', () => `<head><script>${colorSchemeCode}</script>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `${head}</head>`);
  const root = '<div id="root"><!--app-html--></div>';
  if (!html.includes(root)) throw new Error('index.html lost its <div id="root"><!--app-html--></div>');
  html = html.replace(root, () => `<div id="root" data-prerendered-path="${route}">${body}</div>`);
  const deferredStyles = [...templateCss, ...pageCss];
  if (withOffline) for (const href of deferredStyles) offlineStyles.add(href);
  const offline = withOffline ? offlineCopy(html, deferredStyles) : null;
  html = withoutUnusedProperties(await beasties.process(html)).replace(' data-beasties-container', '');
  const deferred = `<meta name="arrive:deferred-styles" content="${deferredStyles.join(' ')}">`;
  return { html: html.replace('</head>', `${deferred}</head>`), offline };
}

/**
 * A page's copy for the service worker's precache (<route>/offline.html): the same page with its
 * whole stylesheets linked instead of inlined (Mantine's theme variables too, in one shared file). Precached beside those stylesheets, it paints offline and on a repeat visit as the
 * page does, at about a third of the bytes (the inline styles are two thirds of each page).
 */
const offlineStyles = new Set();
function offlineCopy(html, styles) {
  // Mantine's theme variables are the same on every page: one shared file, linked last so they
  // win over the stylesheets' defaults as the inline ones do.
  const themeCss = [...html.matchAll(/<style data-mantine-styles="[^"]*">([\s\S]*?)<\/style>/g)]
    .map((m) => m[1])
    .join('\n');
  const themeFile = `/assets/theme-${createHash('sha256').update(themeCss).digest('hex').slice(0, 10)}.css`;
  if (themeCss) writeFileSync(path.join(dist, themeFile), themeCss);
  const links = [...styles, ...(themeCss ? [themeFile] : [])]
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  const copy = html
    .replace(/<style data-href="[^"]*">[\s\S]*?<\/style>/g, '')
    .replace(/<style data-mantine-styles="[^"]*">[\s\S]*?<\/style>/g, '');
  if (copy.includes('data-href=')) throw new Error('an inline stylesheet was left in an offline copy');
  return copy.replace('</head>', `${links}</head>`);
}

// 4. Render every marketing page, and its offline copy.
const routes = Object.keys(entry.marketingPageMeta);
for (const route of routes) {
  const body = await entry.render(route);
  if (!body.includes('<h1')) throw new Error(`${route} rendered without a heading`);
  const file = route === '/' ? templateFile : path.join(dist, route.slice(1), 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  const { html, offline } = await page(route, body);
  writeFileSync(file, html);
  writeFileSync(path.join(path.dirname(file), OFFLINE_PAGE), offline);
}

// 4b. The sign-in screens (/login, /signup), prerendered the same way: the form paints from the
// HTML and its enhancer runs it, with no app code. No offline copy is precached (signing in needs
// the network; offline, a device with the app shows the app's screen, which says so). Once the
// visitor starts typing, the page prefetches the verification screen's code, listed here, so that
// screen opens from the browser's cache after the code is sent.
const FULL_STYLES_KEY = 'src/web/features/marketing/styles/full-styles.ts';
// What the app shell imports first, to evaluate the packages in a task of their own (main.tsx).
const FRAMEWORK_KEY = 'src/web/framework.ts';
const nextScreenKeys = [APP_ENTRY_KEY, FRAMEWORK_KEY, APP_KEY, FULL_STYLES_KEY, entry.signInNextModule];
const nextScreenFiles = [
  ...new Set(
    nextScreenKeys.flatMap((key) => {
      if (!clientManifest[key]) throw new Error(`the build has no ${key} chunk`);
      return [...collect(key)].flatMap((k) => [clientManifest[k].file, ...(clientManifest[k].css ?? [])]);
    }),
  ),
]
  .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  .map((file) => `/${file}`);
const nextScreenMeta = `<meta name="arrive:next-screen" content="${nextScreenFiles.join(' ')}">`;
const signInRoutes = Object.keys(entry.signInPageMeta);
for (const route of signInRoutes) {
  const body = await entry.render(route);
  if (!body.includes('data-enhance="sign-in-form"')) throw new Error(`${route} rendered without its sign-in form`);
  const file = path.join(dist, route.slice(1), 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  const { html } = await page(route, body, {
    meta: entry.signInPageMeta[route],
    extraHead: nextScreenMeta,
    offline: false,
  });
  writeFileSync(file, html);
}

// 5. The app screens' shells (src/web/app/shells/app-shells.ts): the root layout with a neutral
// header and the screen's title and skeleton, styled by inline CSS pruned to that markup, so the
// screen paints from its HTML alone. The app's scripts stay; the blocking stylesheet goes (the app
// loads its Mantine sheets, full-styles.ts, before it renders a screen), and the first screen's code and
// styles are preloaded so they arrive together instead of one after another. React's first commit
// replaces the shell with the same layout (entry-client.tsx), so nothing moves.
const routeModulesOf = (shell) => [
  ...(shell.layout === 'dashboard' ? ['src/web/app/routes/dashboard/layout.tsx'] : []),
  `src/web/app/routes/${shell.module}.tsx`,
];
// The shell's own sheet is inline, pruned to the shell; the app still links it whole before it
// starts (Vite's loader of the app's chunk), so every shell preloads it with the rest.
const shellStyles = [...inEntry].flatMap((k) => clientManifest[k].css ?? []).map((f) => `/${f}`);
const shellManifest = [];
mkdirSync(path.join(dist, 'app-shells'), { recursive: true });
// A screen with a first view of its own (shell.light: the shop, the history; app/first-views) loads that
// view's few kilobytes, not the app: the app loads when the view hands the page over.
// The client's views are one chunk of their own (vite.config.ts, the `first-views` group), named for the group.
const firstViewsKey = Object.keys(clientManifest).find(
  (key) =>
    key.endsWith('.js') &&
    /^assets\/first-views-[^/]+\.js$/.test(clientManifest[key].file) &&
    !clientManifest[key].file.startsWith('assets/first-views-shared-'),
);
// The staff's views are a file of their own, which a client's phone never loads (vite.config.ts,
// the `staff-views` group); it loads the client's views' shared files too.
const STAFF_VIEWS_KEY = Object.keys(clientManifest).find((key) => clientManifest[key].name === 'staff-views');
// The views' own styles are theirs: the public pages, which link the app's styles, never get them.
const firstViewStyles = new Set(
  [firstViewsKey, STAFF_VIEWS_KEY].flatMap((key) => clientManifest[key]?.css ?? []).map((f) => `/${f}`),
);
for (const href of offlineStyles)
  if (firstViewStyles.has(href)) throw new Error(`the public pages link a first view's styles (${href})`);
const LIGHT_KEYS = {
  shop: firstViewsKey,
  history: firstViewsKey,
  order: firstViewsKey,
  wallet: firstViewsKey,
  counter: STAFF_VIEWS_KEY,
  dispatch: STAFF_VIEWS_KEY,
  shift: STAFF_VIEWS_KEY,
};
// The staff's views draw the app's own Mantine markup (the counter's,
// features/sell/light/counter-view.ts; the dispatch board's, features/dispatch/light/board-view.ts;
// the shift screen's, features/shift/light/shift-view.ts):
// their pages inline the app's stylesheets too, pruned with the shell to what the shell and the
// view's markup (drawn with sample data in every state, then taken out) use, so the view is
// styled as the app's screen will be, in the same place, with no stylesheet to wait for.
const viewStyles = [...new Set([...collect(FULL_STYLES_KEY)].flatMap((k) => clientManifest[k].css ?? []))].map(
  (f) => `/${f}`,
);
const VIEW_SAMPLES = {
  counter: entry.counterSampleHtml,
  dispatch: entry.boardSampleHtml,
  shift: entry.shiftSampleHtml,
};
// The staff's views hand their page to the app as soon as they have drawn: their pages name the
// app's code for that screen (src/web/lib/app-code-preload.ts asks for it once the page's reads are
// out). The client's views run the app only when the client needs it, on a phone's slow network:
// theirs name none.
const STAFF_VIEWS = new Set(['counter', 'dispatch', 'shift']);
// The tablet's copies' code (src/web/lib/copy-store.ts), which a client's view loads once the page
// is idle: a staff view reads the copies before it draws, so its page asks for it with the view's
// own files instead of once they have run (one round trip more, through the worker too).
const COPY_STORE_KEY = Object.keys(clientManifest).find((key) => clientManifest[key].name === 'copy-store');
if (!COPY_STORE_KEY) throw new Error('the build has no copy-store chunk (src/web/lib/copy-store.ts)');
/** The modules an app screen's shell runs: the framework, the app, its Mantine sheets and the screen's route. */
const appModulesOf = (shell) => [FRAMEWORK_KEY, APP_KEY, FULL_STYLES_KEY, ...routeModulesOf(shell)];
/** The files `modules` load beyond the entry's: their scripts and their stylesheets. */
const ownFilesOf = (modules) => {
  const own = [...new Set(modules.flatMap((k) => [...collect(k)]))].filter((k) => !inEntry.has(k));
  return {
    js: own.map((k) => `/${clientManifest[k].file}`).filter((f) => f.endsWith('.js')),
    css: [...new Set(own.flatMap((k) => clientManifest[k].css ?? []))].map((f) => `/${f}`),
  };
};
const sizeOf = (file) => statSync(path.join(dist, file)).size;
/** The app's files for a screen's shell, the entry's left out: scripts, the largest first, then styles. */
const appCodeOf = (shell) => {
  const { js, css } = ownFilesOf(appModulesOf(shell));
  return [...js.sort((a, b) => sizeOf(b) - sizeOf(a)), ...css];
};
const VIEW_SAMPLE_START = '<div data-view-sample hidden>';
const VIEW_SAMPLE_END = '<!--/view-sample-->';
for (const shell of entry.appShells) {
  const modules = shell.light
    ? [LIGHT_KEYS[shell.light], ...(STAFF_VIEWS.has(shell.light) ? [COPY_STORE_KEY] : [])]
    : appModulesOf(shell);
  for (const key of modules)
    if (!clientManifest[key]) throw new Error(`${shell.pattern}: the build has no ${key} chunk`);
  const chunks = new Set(modules.flatMap((k) => [...collect(k)]));
  if (shell.light && [...chunks].some((k) => clientManifest[k].file.startsWith('assets/framework-')))
    throw new Error(`${shell.pattern}: its first view loads the framework (scripts/build/code-groups.ts, firstViews)`);
  // The entry's own sheet is inline already (pruned) and the app's Mantine sheets cover the rest.
  const { js, css: styles } = ownFilesOf(modules);
  // Low priority: none of them is needed for the first paint (the shell runs the app once it has
  // painted, lib/after-first-paint.ts), so the browser, and Lighthouse's estimate, put them after
  // what the paint needs. The largest script (the framework) first: on a slow link its bytes flow
  // while the small files wait for their round trips (six connections on HTTP/1.1), instead of
  // starting after them. The rest in the order the app needs them.
  const largest = js.reduce((a, b) => (sizeOf(b) > sizeOf(a) ? b : a), js[0]);
  const modulePreload = (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`;
  const preloads = [
    ...(largest ? [modulePreload(largest)] : []),
    ...[...new Set([...(shell.light ? [] : shellStyles), ...styles])].map(
      (href) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${href}">`,
    ),
    ...js.filter((f) => f !== largest).map(modulePreload),
  ].join('');
  const sample = entry.shellSamplePath(shell.pattern);
  const body = await entry.render(sample, { shell: true });
  if (!body.includes('<h1')) throw new Error(`${shell.pattern}: the shell rendered without a heading`);
  // Those the template links are inlined where it links them (inlineStylesheets): a second copy
  // after the view's sheets would override them (Mantine's button reset over a number input's arrows).
  const entryStyles = [
    ...new Set([
      ...[...collect(APP_KEY)].flatMap((k) => clientManifest[k].css ?? []).map((f) => `/${f}`),
      ...(VIEW_SAMPLES[shell.light] ? viewStyles : []),
    ]),
  ].filter((href) => !templateStyles.has(href));
  let html = template
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(
      '</head>',
      `<script>${colorSchemeCode}</script>${entryStyles.map((href) => styleOf(href)).join('')}</head>`,
    );
  html = inlineStylesheets(html);
  const root = '<div id="root"><!--app-html--></div>';
  if (!html.includes(root)) throw new Error('index.html lost its <div id="root"><!--app-html--></div>');
  const light = shell.light ? ` data-light="${shell.light}"` : '';
  const sampleOf = VIEW_SAMPLES[shell.light];
  const viewSample = sampleOf ? `${VIEW_SAMPLE_START}${sampleOf()}</div>${VIEW_SAMPLE_END}` : '';
  html = html.replace(root, () => `<div id="root" data-app-shell="${shell.file}"${light}>${body}</div>${viewSample}`);
  html = withoutUnusedProperties(await shellBeasties.process(html)).replace(' data-beasties-container', '');
  if (viewSample) {
    const start = html.indexOf(VIEW_SAMPLE_START);
    const end = html.indexOf(VIEW_SAMPLE_END);
    if (start < 0 || end < start) throw new Error(`${shell.pattern}: the view's sample markup was not found`);
    html = html.slice(0, start) + html.slice(end + VIEW_SAMPLE_END.length);
  }
  // After pruning: the preloads are not styles to inline.
  const appCode = STAFF_VIEWS.has(shell.light)
    ? `<meta name="arrive:app-code" content="${appCodeOf(shell).join(' ')}">`
    : '';
  html = html.replace('</head>', `${preloads}${appCode}</head>`);
  const file = `app-shells/${shell.file}.html`;
  writeFileSync(path.join(dist, file), html);
  shellManifest.push({ pattern: shell.pattern, file });
}
// A signed-in device keeps the first views' pages (FIRST_VIEW_PAGES, src/domain/staff-code.ts: a
// client's with the views, the staff's with the staff code) and the worker answers their paths
// with them: they must be the shells of the screens with a view, the staff's never a client's.
const pagesOf = (code) => code.urls.filter((url) => !url.startsWith('/assets/'));
const viewPages = [...pagesOf(readViewsCode(dist)), ...pagesOf(readStaffCode(dist))];
const lightPages = entry.appShells.filter((s) => s.light).map((s) => `/app-shells/${s.file}.html`);
if (JSON.stringify([...viewPages].sort()) !== JSON.stringify([...lightPages].sort()))
  throw new Error(`the first views' pages (${viewPages.join(', ')}) are not their shells (${lightPages.join(', ')})`);
const staffPagesWithClients = pagesOf(readViewsCode(dist)).filter((url) => url.startsWith('/app-shells/dashboard'));
if (staffPagesWithClients.length)
  throw new Error(`a client's device would keep staff pages: ${staffPagesWithClients.join(', ')}`);
// The server answers the app's paths with these (src/server/plugins/web-app.ts).
writeFileSync(path.join(dist, 'app-shells.json'), `${JSON.stringify(shellManifest, null, 2)}\n`);

rmSync(ssrOut, { recursive: true, force: true });
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

// 6. The service worker's precache: the same globs as vite.config.ts, now with the pages.
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
  // The app screens' shells speed up a first load over the network; offline, navigations fall back
  // to the precached shell.html, so nobody downloads 18 shells ahead.
  globIgnores: ['**/sw.js', '**/workbox-*.js', '**/*.br', '**/*.gz', 'app-shells/**'],
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  dontCacheBustURLsMatching: /^assets\//,
  // The public pages' offline copies link the whole stylesheets: they are a visitor's code.
  manifestTransforms: [publicPrecacheTransform(dist, offlineStyles)],
});
for (const w of warnings) console.warn(`prerender: ${w}`);
writeFileSync(swFile, sw.slice(0, start) + JSON.stringify(manifestEntries) + sw.slice(end + 1));
const pages = manifestEntries.filter((e) => e.url.endsWith('index.html')).length;
console.log(
  `prerendered ${routes.length} pages, ${signInRoutes.length} sign-in pages and ${shellManifest.length} app shells; precache: ${manifestEntries.length} entries (${pages} pages)`,
);
