// `npm run audit`: measures the built public site and prints figures (it is not a test).
//   - the home page's critical JavaScript and CSS, gzip (target: at most 100 KB together);
//   - the home on the 2G profile of Uber's PWA: interactive within 2 s;
//   - Lighthouse mobile performance, LCP, TBT and CLS on /, /driver/info and /rider;
//   - axe violations on every marketing page;
//   - installability (Chrome DevTools Protocol Page.getInstallabilityErrors, persistent profile);
//   - the signed-in app screens (scripts/audit-app.mjs): critical bytes, 2G and slow-3G paint and
//     interactive, Lighthouse, axe light and dark, first and repeat visit bytes by role;
//   - the staff tablet on a budget profile (scripts/audit-staff.mjs): the counter, a tap on Add, the
//     pickup desk's prompt on the client's phone, the dispatch board with 300 deliveries, the shift.
// AUDIT_ONLY=public, AUDIT_ONLY=app or AUDIT_ONLY=staff runs one part. AUDIT_SCREENS=/products,/order/:n measures
// those app screens alone (add `visits` for the visits by role; `visits` alone runs only those);
// An app screen's Lighthouse figures are the median of AUDIT_LIGHTHOUSE_RUNS runs (3);
// AUDIT_LIGHTHOUSE_DIR keeps the median run's report of each app screen there.
// It starts the built server on a random port with a fresh PGlite dir, or audits AUDIT_URL; the
// pages it checks are the prerendered ones of the local build (dist/).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { auditAppScreens, medianRun } from './audit-app.mjs';
import { auditStaffTablet } from './audit-staff.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DIST = path.resolve('dist');
const CRITICAL_BUDGET_KB = 100;
const LIGHTHOUSE_PAGES = ['/', '/driver/info', '/rider'];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;

async function startServer() {
  if (process.env.AUDIT_URL) return { url: process.env.AUDIT_URL.replace(/\/$/, ''), stop: async () => {} };
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.error('audit: no build in dist/ — run `npm run build` first');
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arrive-audit-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 60_000);
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/running at (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every script and stylesheet the home page fetches before it is idle, in a fresh browser, gzip -9. */
async function criticalAssets(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const { pathname, origin } = new URL(response.url());
    if ((type !== 'script' && type !== 'stylesheet') || origin !== url) return;
    // Sized as gzip -9 of what arrived (the server may send brotli, which is smaller still).
    pending.push(response.body().then((body) => ({ pathname, type, size: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  const assets = await Promise.all(pending);
  await browser.close();
  let js = 0;
  let css = 0;
  const rows = [];
  for (const { pathname, type, size } of assets) {
    if (type === 'script') js += size;
    else css += size;
    rows.push([size, `${type === 'script' ? 'js ' : 'css'} ${pathname}`]);
  }
  rows.sort((a, b) => b[0] - a[0]);
  return { js, css, rows };
}

/** What the browser must have before it can paint the home: inline styles plus blocking files (gzip -9). */
async function renderBlocking(url) {
  const html = await (await fetch(`${url}/`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const inlineStyles = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const files = [
    ...[...head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
    ...[...head.matchAll(/<script (?![^>]*type="module")[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ];
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('');
  const inlineCssGzip = gzipSync(inlineStyles, { level: 9 }).length;
  let bytes = inlineCssGzip;
  for (const file of files) bytes += gzipSync(Buffer.from(await (await fetch(`${url}${file}`)).arrayBuffer())).length;
  return {
    bytes,
    files: files.length,
    inlineCss: inlineStyles.length,
    inlineCssGzip,
    inlineJsGzip: inlineScripts ? gzipSync(inlineScripts, { level: 9 }).length : 0,
  };
}

/**
 * The home on the network profile of Uber's 2G PWA (300 ms round trip, 250 kB/s down and up), in a
 * fresh browser: when the headline paints and when the page's script has made it interactive
 * (marketing.ts marks `arrive:interactive` once every enhancer is attached).
 */
async function slowNetworkHome(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: 250_000,
    uploadThroughput: 250_000,
  });
  await page.goto(`${url}/`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    interactive: performance.getEntriesByName('arrive:interactive')[0]?.startTime ?? Number.NaN,
  }));
  await browser.close();
  return timing;
}

/** Lighthouse's own advice for a noisy machine: several runs per page, reporting the median one. */
const LIGHTHOUSE_RUNS = 5;

async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...FLAGS] });
  const results = [];
  try {
    for (const page of LIGHTHOUSE_PAGES.flatMap((p) => Array(LIGHTHOUSE_RUNS).fill(p))) {
      const result = await lighthouse(`${url}${page}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        logLevel: 'error',
      });
      const { audits, categories } = result.lhr;
      results.push({
        page,
        score: Math.round((categories.performance.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue,
      });
    }
  } finally {
    chrome.kill();
  }
  return LIGHTHOUSE_PAGES.map((page) => {
    const runs = results.filter((r) => r.page === page);
    return { ...medianRun(runs), runs: runs.length };
  });
}

/** Every prerendered page of the build: dist/index.html is '/', dist/about/index.html '/about'. */
function prerenderedPages(dir = DIST, route = '') {
  const pages = existsSync(path.join(dir, 'index.html')) ? [route || '/'] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'assets') {
      pages.push(...prerenderedPages(path.join(dir, entry.name), `${route}/${entry.name}`));
    }
  }
  return pages;
}

async function runAxe(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const page = await (await browser.newContext()).newPage();
  const results = [];
  for (const route of prerenderedPages()) {
    await page.goto(`${url}${route}`, { waitUntil: 'networkidle' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    results.push({ route, violations: violations.map((v) => `${v.id} ×${v.nodes.length}`) });
  }
  await browser.close();
  return results;
}

async function installability(url) {
  const dir = mkdtempSync(path.join(tmpdir(), 'arrive-audit-profile-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: FLAGS });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (!worker) return 'none';
      if (worker.state === 'activated') return worker.state;
      return new Promise((resolve) => {
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(worker.state));
      });
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return { serviceWorker: state, errors: installabilityErrors.map((e) => e.errorId) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const server = await startServer();
try {
  console.log(`Auditing ${server.url}\n`);
  const only = process.env.AUDIT_ONLY;
  if (!only || only === 'public') await auditPublicPages();
  if (!only || only === 'app') {
    console.log('\n== Signed-in app screens ==\n');
    await auditAppScreens({ url: server.url, chromePath: CHROMIUM, flags: FLAGS });
  }
  if (!only || only === 'staff') {
    console.log('\n== Staff tablet ==\n');
    await auditStaffTablet({ url: server.url, chromePath: CHROMIUM, flags: FLAGS });
  }
} finally {
  await server.stop();
}

async function auditPublicPages() {
  const critical = await criticalAssets(server.url);
  const blocking = await renderBlocking(server.url);
  const js = critical.js + blocking.inlineJsGzip;
  const css = critical.css + blocking.inlineCssGzip;
  const total = js + css;
  console.log('Home page: JavaScript and CSS loaded before idle, inline ones included (gzip -9)');
  critical.rows.push(
    [blocking.inlineCssGzip, 'css inline <style> of the HTML'],
    [blocking.inlineJsGzip, 'js  inline <script> of the HTML'],
  );
  critical.rows.sort((a, b) => b[0] - a[0]);
  for (const [size, name] of critical.rows) console.log(`  ${kb(size).padStart(9)}  ${name}`);
  console.log(
    `  JS ${kb(js)} + CSS ${kb(css)} = ${kb(total)}  (budget ${CRITICAL_BUDGET_KB} KB: ${
      total <= CRITICAL_BUDGET_KB * 1024 ? 'within' : 'OVER'
    })\n`,
  );
  console.log(
    `  Render-blocking before the first paint: ${kb(blocking.bytes)} (inline CSS ${kb(blocking.inlineCss)} raw, ${blocking.files} blocking file(s)); the page's script loads after the paint\n`,
  );

  const slow = await slowNetworkHome(server.url);
  console.log("Home on 2G (Uber's 2G PWA profile: 300 ms round trip, 250 kB/s)");
  console.log(
    `  first contentful paint ${ms(slow.fcp)}, interactive ${ms(slow.interactive)}  (target: interactive within 2000 ms: ${
      slow.interactive <= 2000 ? 'within' : 'OVER'
    })\n`,
  );

  console.log(
    `Lighthouse (mobile, simulated slow 4G, 4× CPU slowdown; median of ${LIGHTHOUSE_RUNS} runs; targets: 100, LCP ≤ 1000 ms, TBT ≤ 50 ms, CLS ≤ 0.01)`,
  );
  for (const r of await runLighthouse(server.url)) {
    const met = r.score === 100 && r.lcp <= 1000 && r.tbt <= 50 && r.cls !== undefined && r.cls <= 0.01;
    console.log(
      `  ${r.page.padEnd(14)} performance ${String(r.score).padStart(3)}  FCP ${ms(r.fcp)}  LCP ${ms(r.lcp)}  TBT ${ms(r.tbt)}  CLS ${r.cls === undefined ? '?' : r.cls.toFixed(3)}  ${met ? 'within' : 'OVER'}`,
    );
  }
  console.log();

  console.log('axe (WCAG 2 A/AA and best practices)');
  let violationCount = 0;
  for (const r of await runAxe(server.url)) {
    violationCount += r.violations.length;
    console.log(`  ${r.route.padEnd(20)} ${r.violations.length ? r.violations.join(', ') : 'no violations'}`);
  }
  console.log(`  total: ${violationCount} violation kinds\n`);

  const install = await installability(server.url);
  console.log('Installability (persistent profile)');
  console.log(`  service worker: ${install.serviceWorker}`);
  console.log(`  installability errors: ${install.errors.length ? install.errors.join(', ') : 'none'}`);
}
