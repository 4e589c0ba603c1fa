// `npm run audit`, the signed-in screens: signs in through the sandbox API (a client and the CEO,
// who starts a shift), then measures each app screen — critical JS+CSS, first paint and
// interactive on Uber's 2G profile and on slow 3G, Lighthouse, axe in light and dark, the bytes of
// a first visit (service worker precache included, by role) and of a repeat visit — and prints
// every figure beside its target. The browser talks to the server through a counting proxy, so
// the bytes are what crossed the wire, the service worker's own fetches included.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { cell, cookieHeader, formatTable, mergeCookies, tally, verdict } from './audit-report.mjs';

const PHONE = { width: 360, height: 740 };
const TABLET = { width: 1024, height: 768 };
const UBER_2G = { latency: 300, downloadThroughput: 250_000, uploadThroughput: 250_000 };
const SLOW_3G = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const TARGETS = {
  criticalKb: 70, // /login and /products
  paint2g: 1000, // every app screen
  interactive2g: 2500, // /login and /products
  repeatInteractive: 1000,
  repeatKb: 5,
  lhScore: 95,
  tbt: 100,
  cls: 0.01,
  firstVisitorKb: 150,
  firstClientKb: 300,
};
const DIST = path.resolve('dist');
const CLIENT = '08010000002';
const CEO = '08010000001';
const platform = { 'x-platform': 'web', 'content-type': 'application/json' };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;

/** A proxy in front of the server that counts every byte it sends back, per phase. */
async function countingProxy(target) {
  const { hostname, port } = new URL(target);
  const records = [];
  let phase = 'idle';
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        const record = { phase, path: req.url.split('?')[0], bytes: 200, headers: 200 };
        for (const [k, v] of Object.entries(up.headers)) record.bytes += k.length + String(v).length + 4;
        record.headers = record.bytes;
        records.push(record);
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.on('data', (chunk) => {
          record.bytes += chunk.length;
        });
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const record = { phase, path: req.url.split('?')[0], bytes: 0 };
    records.push(record);
    const up = net.connect(Number(port), hostname, () => {
      up.write(
        `${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      );
      up.write(head);
      up.on('data', (chunk) => {
        record.bytes += chunk.length;
      });
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    records,
    setPhase: (name) => {
      phase = name;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Signs in through the API as the sandbox does it: login (or sign-up, for a number not yet known),
 * the code from the outbox, confirm. Answers the session's cookie jar.
 */
export async function signIn(url, phone, mode = 'login') {
  const international = `234${phone.slice(1)}`;
  const jar = new Map();
  const outbox = async () => (await (await fetch(`${url}/api/dev/outbox?to=${international}`)).json()).messages ?? [];
  const before = (await outbox()).length;
  const login = await fetch(`${url}/api/auth/${mode}`, {
    method: 'POST',
    headers: platform,
    body: JSON.stringify({ phoneNumber: international }),
  });
  if (!login.ok) throw new Error(`login ${phone}: ${login.status} ${await login.text()}`);
  mergeCookies(jar, login.headers.getSetCookie());
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    const messages = await outbox();
    if (messages.length > before) code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new Error(`no code reached the outbox for ${phone}`);
  const confirm = await fetch(`${url}/api/auth/opt_confirmation`, {
    method: 'POST',
    headers: { ...platform, cookie: cookieHeader(jar) },
    body: JSON.stringify({ optCode: code, mobileNumber: phone }),
  });
  if (!confirm.ok) throw new Error(`confirm ${phone}: ${confirm.status} ${await confirm.text()}`);
  mergeCookies(jar, confirm.headers.getSetCookie());
  return jar;
}

export const api = async (url, jar, method, route, body) => {
  const res = await fetch(`${url}/api/${route}`, {
    method,
    headers: { ...platform, cookie: cookieHeader(jar), 'idempotency-key': crypto.randomUUID() },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} /api/${route}: ${res.status} ${await res.text()}`);
  return res.json();
};

/**
 * The client's wallet, as a client who uses it has one: created (and funded by a transfer through
 * the sandbox) when the demo client has none yet, so `/wallet` measures the wallet, not its
 * one-time create flow.
 */
async function ensureWallet(url, jar) {
  const read = await api(url, jar, 'GET', 'wallet/client');
  if (read.wallet) return;
  await api(url, jar, 'POST', 'wallet/create', {
    firstname: 'Ngozi',
    lastname: 'Adeyemi',
    email: `audit-${Date.now()}@example.com`,
    consentGiven: true,
  });
  const { wallet } = await api(url, jar, 'GET', 'wallet/client');
  await api(url, jar, 'POST', 'wallet/simulate_transfer', {
    accountNumber: wallet.virtualAccount.accountNumber,
    amount: 1_250_000,
  });
}

/** The client's order to show: a pickup order for one burner. */
async function placeOrder(url, jar) {
  const { products } = await api(url, jar, 'GET', 'product/');
  const burner = products.find((p) => p.type === 'Burner') ?? products[0];
  const order = await api(url, jar, 'POST', 'order/new', {
    type: 'Product',
    items: [{ productId: burner.id, quantity: 1 }],
    deliveryOption: 'PickerUP',
  });
  return order.orderNumber;
}

/**
 * The bytes of a phase as they would cross the wire over HTTPS, where browsers ask for brotli:
 * Chromium asks for gzip only over plain HTTP, so each file the build precompressed counts its
 * .br size (plus the headers seen), everything else (API answers, pages) what really came.
 */
function brotliTally(records, phase) {
  let total = 0;
  for (const r of records) {
    if (r.phase !== phase) continue;
    const file = path.join(DIST, decodeURIComponent(r.path));
    const br =
      file.startsWith(DIST) && r.headers !== undefined && existsSync(`${file}.br`) ? statSync(`${file}.br`).size : null;
    total += br === null ? r.bytes : r.headers + br;
  }
  return total;
}

const toPlaywrightCookies = (jar, url) => [...jar].map(([name, value]) => ({ name, value, url }));

/**
 * Marks `arrive:screen-interactive` when the app has taken over (html[data-app-ready]), the screen's
 * heading is there and nothing is busy any more (no skeleton, no loader).
 */
const interactiveProbe = () => {
  const done = () =>
    document.documentElement.hasAttribute('data-app-ready') &&
    document.querySelector('main h1, h1') !== null &&
    document.querySelector('[aria-busy="true"], .mantine-Loader-root') === null;
  const observer = new MutationObserver(() => {
    if (done() && performance.getEntriesByName('arrive:screen-interactive').length === 0) {
      performance.mark('arrive:screen-interactive');
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
};

const FLAGS_DEFAULT = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];

async function coldLoad(browser, base, screen, jar, network) {
  const context = await browser.newContext({ viewport: screen.viewport, serviceWorkers: 'block' });
  if (screen.signedIn) await context.addCookies(toPlaywrightCookies(jar, base));
  await context.addInitScript(interactiveProbe);
  const page = await context.newPage();
  const assets = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const file = new URL(response.url()).pathname;
    assets.push(
      response
        .body()
        .then((b) => ({ file, bytes: gzipSync(b, { level: 9 }).length }))
        .catch(() => ({ file, bytes: 0 })),
    );
  });
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  }
  await page.goto(`${base}${screen.path}`);
  await page.waitForFunction(() => performance.getEntriesByName('arrive:screen-interactive').length > 0, null, {
    timeout: 90_000,
  });
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    interactive: performance.getEntriesByName('arrive:screen-interactive')[0]?.startTime ?? Number.NaN,
    inline: [...document.querySelectorAll('style, script:not([src])')].map((e) => e.textContent ?? '').join(''),
    // Every request before the screen answered: when it was asked for, its first byte, its last.
    requests: performance.getEntriesByType('resource').map((r) => ({
      name: new URL(r.name).pathname + new URL(r.name).search,
      start: r.startTime,
      firstByte: r.responseStart,
      end: r.responseEnd,
    })),
  }));
  // Critical: the files asked for before the screen answered. What the app loads once it has (the
  // local database, the live channel, the next screens' code) arrives meanwhile and is left out.
  const asked = new Set(timing.requests.filter((r) => r.start < timing.interactive).map((r) => r.name));
  const files = (await Promise.all(assets)).filter((f) => asked.has(f.file));
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0) + gzipSync(timing.inline, { level: 9 }).length;
  await context.close();
  return { ...timing, critical: bytes, files: files.sort((a, b) => b.bytes - a.bytes) };
}

/** A first visit with the service worker (precache included), then a repeat visit. */
async function visits(proxy, screen, jar, role) {
  const dir = mkdtempSync(path.join(tmpdir(), 'arrive-audit-sw-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: FLAGS_DEFAULT,
    viewport: screen.viewport,
  });
  try {
    if (screen.signedIn) await context.addCookies(toPlaywrightCookies(jar, proxy.url));
    await context.addInitScript(interactiveProbe);
    const page = context.pages()[0] ?? (await context.newPage());
    proxy.setPhase(`first:${role}`);
    await page.goto(`${proxy.url}${screen.path}`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker && worker.state !== 'activated') {
        await new Promise((r) => worker.addEventListener('statechange', () => worker.state === 'activated' && r()));
      }
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500); // anything the worker caches once it is active (by role)
    proxy.setPhase(`repeat:${role}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...UBER_2G });
    await page.goto(`${proxy.url}${screen.path}`);
    await page.waitForFunction(() => performance.getEntriesByName('arrive:screen-interactive').length > 0, null, {
      timeout: 60_000,
    });
    const interactive = await page.evaluate(
      () => performance.getEntriesByName('arrive:screen-interactive')[0]?.startTime ?? Number.NaN,
    );
    await page.waitForLoadState('networkidle');
    proxy.setPhase('idle');
    return {
      first: tally(proxy.records, `first:${role}`),
      firstBrotli: brotliTally(proxy.records, `first:${role}`),
      repeat: tally(proxy.records, `repeat:${role}`),
      repeatInteractive: interactive,
    };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runLighthouse(chromePath, flags, base, screen, jar) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...flags] });
  try {
    const tablet = screen.viewport === TABLET;
    const result = await lighthouse(
      `${base}${screen.path}`,
      {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        extraHeaders: screen.signedIn ? { Cookie: cookieHeader(jar) } : undefined,
        ...(tablet ? {} : { formFactor: 'mobile' }),
      },
      tablet ? desktopConfig : undefined,
    );
    const { audits, categories, runtimeError } = result.lhr;
    return {
      lhr: result.lhr,
      // A run Lighthouse could not finish (its browser lost the page, no paint seen): no figures.
      failed: runtimeError?.code ?? (categories.performance.score === null ? 'no score' : null),
      score: Math.round((categories.performance.score ?? 0) * 100),
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's own advice for a noisy machine: several runs of each screen, the median one
 * reported (ranked by score, then by blocking time). AUDIT_LIGHTHOUSE_RUNS sets how many (3).
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.AUDIT_LIGHTHOUSE_RUNS ?? 3) || 3);

/** The median of several Lighthouse runs of a page, ranked by score, then by total blocking time. */
export function medianRun(runs) {
  const ranked = [...runs].sort((a, b) => b.score - a.score || a.tbt - b.tbt);
  return ranked[Math.floor(ranked.length / 2)];
}

async function medianLighthouse(chromePath, flags, base, screen, jar) {
  const runs = [];
  const failures = [];
  // A run that failed is run again (twice at most), so the median is of runs that measured the page;
  // the failures are printed beside it.
  while (runs.length < LIGHTHOUSE_RUNS && failures.length <= 2) {
    const run = await runLighthouse(chromePath, flags, base, screen, jar);
    if (run.failed) failures.push(run);
    else runs.push(run);
  }
  if (runs.length === 0) runs.push(...failures);
  const { lhr, ...median } = medianRun(runs);
  // AUDIT_LIGHTHOUSE_DIR: the median run's report kept whole, to read where a screen's time went.
  if (process.env.AUDIT_LIGHTHOUSE_DIR) {
    mkdirSync(process.env.AUDIT_LIGHTHOUSE_DIR, { recursive: true });
    const file = `${screen.path.replace(/^\//, '').replace(/\W+/g, '-') || 'root'}.json`;
    writeFileSync(path.join(process.env.AUDIT_LIGHTHOUSE_DIR, file), JSON.stringify(lhr));
  }
  const tbts = runs.map((r) => r.tbt).filter(Number.isFinite);
  return {
    ...median,
    tbtRange: [Math.min(...tbts), Math.max(...tbts)],
    scores: runs.map((r) => r.score),
    failures: failures.map((r) => r.failed),
  };
}

async function axe(browser, base, screen, jar, scheme) {
  const context = await browser.newContext({ viewport: screen.viewport, colorScheme: scheme, serviceWorkers: 'block' });
  if (screen.signedIn) await context.addCookies(toPlaywrightCookies(jar, base));
  // The app's theme setting (Mantine's local-storage manager): follow the system's scheme.
  await context.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'auto'));
  await context.addInitScript(interactiveProbe);
  const page = await context.newPage();
  await page.goto(`${base}${screen.path}`);
  await page.waitForFunction(() => performance.getEntriesByName('arrive:screen-interactive').length > 0, null, {
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  await context.close();
  return violations.map((v) => `${v.id}×${v.nodes.length}`);
}

/** The precache measure by role, when the build has it (scripts/precache-size.mjs). */
async function precacheByRole() {
  const file = path.resolve('scripts/precache-size.mjs');
  if (!existsSync(file)) return null;
  try {
    const module = await import(pathToFileURL(file).href);
    const measure = module.precacheSizes;
    return measure ? await measure(path.resolve('dist')) : null;
  } catch (error) {
    return { error: String(error) };
  }
}

export async function auditAppScreens({ url, chromePath, flags }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: flags });
  const proxy = await countingProxy(url);
  try {
    const client = await signIn(url, CLIENT);
    const ceo = await signIn(url, CEO);
    const active = await api(url, ceo, 'GET', 'shift/active');
    if (!active.shift) await api(url, ceo, 'POST', 'shift/start', { openingFloat: 0 });
    const orderNumber = await placeOrder(url, client);
    await ensureWallet(url, client);
    const every = [
      { path: '/login', viewport: PHONE, key: true },
      { path: '/products', viewport: PHONE, signedIn: client, key: true },
      { path: '/order/history', viewport: PHONE, signedIn: client },
      { path: `/order/${orderNumber}`, viewport: PHONE, signedIn: client },
      { path: '/wallet', viewport: PHONE, signedIn: client },
      { path: '/dashboard', viewport: TABLET, signedIn: ceo },
      { path: '/dashboard/pickup', viewport: TABLET, signedIn: ceo },
      { path: '/dashboard/shift', viewport: TABLET, signedIn: ceo },
    ];
    // AUDIT_SCREENS=/products,/order/:n measures those screens alone; `visits` in the list adds the
    // visits by role (first and repeat), which are left out otherwise.
    const only = process.env.AUDIT_SCREENS?.split(',').map((p) => p.trim().replace(':n', orderNumber));
    const screens = only ? every.filter((screen) => only.includes(screen.path)) : every;
    const rows = [];
    const lhRows = [];
    const axeRows = [];
    const largest = [];
    const figures = { critical: {}, interactive2g: {}, paint2g: [], lhPhone: [], lhTablet: [], axe: 0, visits: {} };
    for (const screen of screens) {
      const jar = screen.signedIn;
      await coldLoad(browser, url, screen, jar); // warms the server's caches, not the browser's
      const fast = await coldLoad(browser, url, screen, jar);
      const g2 = await coldLoad(browser, url, screen, jar, UBER_2G);
      // AUDIT_WATERFALL=1: the 2G load's requests, in the order they were asked for.
      if (process.env.AUDIT_WATERFALL) {
        console.log(`  ${screen.path} on 2G: paint ${ms(g2.fcp)}, interactive ${ms(g2.interactive)}`);
        for (const r of g2.requests.filter((r) => r.start < g2.interactive))
          console.log(
            `    ${ms(r.start).padStart(8)} ${ms(r.firstByte).padStart(8)} ${ms(r.end).padStart(8)}  ${r.name}`,
          );
      }
      const g3 = await coldLoad(browser, url, screen, jar, SLOW_3G);
      if (screen.key) {
        largest.push(
          `  ${screen.path}: ${fast.files
            .slice(0, 6)
            .map((f) => `${f.file} ${kb(f.bytes)}`)
            .join(', ')}`,
        );
        figures.critical[screen.path] = fast.critical;
        figures.interactive2g[screen.path] = g2.interactive;
      }
      figures.paint2g.push([screen.path.replace(orderNumber, ':n'), g2.fcp]);
      rows.push([
        screen.path.replace(orderNumber, ':n'),
        screen.viewport === PHONE ? 'phone' : 'tablet',
        cell(kb(fast.critical), fast.critical / 1024, screen.key ? TARGETS.criticalKb : undefined),
        cell(ms(g2.fcp), g2.fcp, TARGETS.paint2g),
        cell(ms(g2.interactive), g2.interactive, screen.key ? TARGETS.interactive2g : undefined),
        `${ms(g3.fcp)} / ${ms(g3.interactive)}`,
      ]);
      const lh = await medianLighthouse(chromePath, flags, url, screen, jar).catch((e) => ({ error: e.message }));
      (screen.viewport === PHONE ? figures.lhPhone : figures.lhTablet).push({
        path: screen.path.replace(orderNumber, ':n'),
        ...lh,
      });
      lhRows.push([
        screen.path.replace(orderNumber, ':n'),
        screen.viewport === PHONE ? 'mobile' : 'desktop',
        lh.error ? `error: ${lh.error}` : cell(String(lh.score), lh.score, TARGETS.lhScore, 'min'),
        lh.error ? '' : cell(ms(lh.tbt), lh.tbt, TARGETS.tbt),
        lh.error ? '' : cell(lh.cls.toFixed(3), lh.cls, TARGETS.cls),
        lh.error ? '' : ms(lh.lcp),
        lh.error
          ? ''
          : `${lh.scores.join(', ')}; TBT ${ms(lh.tbtRange[0])}–${ms(lh.tbtRange[1])}${
              lh.failures.length ? `; run again after ${lh.failures.join(', ')}` : ''
            }`,
      ]);
      const light = await axe(browser, url, screen, jar, 'light');
      const dark = await axe(browser, url, screen, jar, 'dark');
      axeRows.push([screen.path.replace(orderNumber, ':n'), light.join(', ') || '0', dark.join(', ') || '0']);
      figures.axe += light.length + dark.length;
    }
    console.log('App screens, cold (fresh browser, no service worker). Critical = JS + CSS fetched until the screen');
    console.log('is interactive, inline included, gzip -9. Interactive = app took over, heading shown, nothing busy.');
    console.log(
      formatTable(
        ['screen', 'device', 'critical JS+CSS', '2G first paint', '2G interactive', 'slow 3G paint / interactive'],
        rows,
      ),
    );
    console.log('  largest critical files (gzip):');
    for (const line of largest) console.log(line);
    console.log(`\nLighthouse (phone screens mobile, tablet screens desktop; median of ${LIGHTHOUSE_RUNS} runs each)`);
    console.log(
      formatTable(['screen', 'profile', 'performance', 'TBT', 'CLS', 'LCP', 'all runs: scores; TBT'], lhRows),
    );
    console.log('\naxe (WCAG 2 A/AA and best practices), color scheme light and dark');
    console.log(formatTable(['screen', 'light', 'dark'], axeRows));

    if (only && !only.includes('visits')) return;
    const roles = [
      ['visitor', { path: '/', viewport: PHONE }],
      ['client', { path: '/products', viewport: PHONE, signedIn: client }],
      ['staff', { path: '/dashboard', viewport: TABLET, signedIn: ceo }],
    ];
    const visitRows = [];
    for (const [role, screen] of roles) {
      const v = await visits(proxy, screen, screen.signedIn, role);
      figures.visits[role] = v;
      visitRows.push([
        `${role} (${screen.path})`,
        `${kb(v.firstBrotli)} brotli; ${kb(v.first.total)} as sent over HTTP (assets ${kb(v.first.assets)})`,
        cell(kb(v.repeat.total), v.repeat.total / 1024, TARGETS.repeatKb),
        cell(ms(v.repeatInteractive), v.repeatInteractive, TARGETS.repeatInteractive),
      ]);
    }
    console.log('\nVisits with the service worker (bytes on the wire through a counting proxy, headers included)');
    console.log(
      formatTable(
        ['role (screen)', 'first visit incl. precache', 'repeat visit', 'repeat interactive (2G)'],
        visitRows,
      ),
    );
    const precache = await precacheByRole();
    if (precache) console.log(`  precache by role (scripts/precache-size.mjs): ${JSON.stringify(precache)}`);
    console.log('  largest downloads of each repeat visit:');
    for (const role of Object.keys(figures.visits)) {
      const top = proxy.records
        .filter((r) => r.phase === `repeat:${role}`)
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 6)
        .map((r) => `${r.path} ${kb(r.bytes)}`);
      console.log(`    ${role}: ${top.join(', ') || 'nothing'}`);
    }
    printIssueTable(figures);
  } finally {
    await proxy.close();
    await browser.close();
  }
}

const worst = (list, key, kind = 'max') =>
  list.reduce(
    (acc, item) =>
      acc === null || (kind === 'max' ? item[key] > acc[key] : item[key] < acc[key]) || Number.isNaN(acc[key])
        ? item
        : acc,
    null,
  );

/** The issue's table: every target beside the worst figure measured for it, pass or MISS. */
export function printIssueTable(f) {
  const mark = (value, target, kind = 'max') => {
    const v = verdict(value, target, kind);
    return v === 'within' ? 'pass' : v === 'OVER' ? 'MISS' : 'n/a';
  };
  const rows = [];
  const add = (what, figure, target, value, targetValue, kind) =>
    rows.push([what, figure, target, mark(value, targetValue, kind)]);
  const visitor = f.visits.visitor;
  const client = f.visits.client;
  if (visitor)
    add(
      'First visit, all bytes incl. precache (brotli): visitor',
      kb(visitor.firstBrotli),
      '≤ 150 KB',
      visitor.firstBrotli / 1024,
      TARGETS.firstVisitorKb,
    );
  if (client)
    add(
      'First visit, all bytes incl. precache (brotli): client',
      kb(client.firstBrotli),
      '≤ 300 KB',
      client.firstBrotli / 1024,
      TARGETS.firstClientKb,
    );
  for (const [screen, bytes] of Object.entries(f.critical))
    add(`Critical JS+CSS (gzip) ${screen}`, kb(bytes), '≤ 70 KB', bytes / 1024, TARGETS.criticalKb);
  const paint = f.paint2g.reduce((a, b) => (b[1] > a[1] ? b : a), ['', -1]);
  add(
    'First meaningful paint, cold Uber 2G, app screens (worst)',
    `${ms(paint[1])} (${paint[0]})`,
    '≤ 1.0 s',
    paint[1],
    TARGETS.paint2g,
  );
  for (const [screen, value] of Object.entries(f.interactive2g))
    add(`Interactive, cold Uber 2G ${screen}`, ms(value), '≤ 2.5 s', value, TARGETS.interactive2g);
  const repeats = Object.entries(f.visits).filter(([role]) => role !== 'visitor');
  const slowRepeat = repeats.reduce(
    (a, b) => (b[1].repeatInteractive > (a?.[1].repeatInteractive ?? -1) ? b : a),
    null,
  );
  if (slowRepeat)
    add(
      'Interactive, repeat visit, app screens (worst)',
      `${ms(slowRepeat[1].repeatInteractive)} (${slowRepeat[0]})`,
      '≤ 1.0 s',
      slowRepeat[1].repeatInteractive,
      TARGETS.repeatInteractive,
    );
  const phone = f.lhPhone.filter((r) => !r.error);
  const tablet = f.lhTablet.filter((r) => !r.error);
  const low = worst(phone, 'score', 'min');
  if (low)
    add(
      'Lighthouse mobile, phone screens (lowest)',
      `${low.score} (${low.path})`,
      '≥ 95',
      low.score,
      TARGETS.lhScore,
      'min',
    );
  const tbt = worst(phone, 'tbt');
  if (tbt) add('Lighthouse mobile TBT (highest)', `${ms(tbt.tbt)} (${tbt.path})`, '≤ 100 ms', tbt.tbt, TARGETS.tbt);
  const cls = worst([...phone, ...tablet], 'cls');
  if (cls) add('Lighthouse CLS (highest)', `${cls.cls.toFixed(3)} (${cls.path})`, '≤ 0.01', cls.cls, TARGETS.cls);
  const lowTablet = worst(tablet, 'score', 'min');
  if (lowTablet)
    add(
      'Lighthouse desktop, tablet screens (lowest)',
      `${lowTablet.score} (${lowTablet.path})`,
      '≥ 95',
      lowTablet.score,
      TARGETS.lhScore,
      'min',
    );
  const repeatBytes = Object.entries(f.visits).reduce(
    (a, b) => (b[1].repeat.total > (a?.[1].repeat.total ?? -1) ? b : a),
    null,
  );
  if (repeatBytes)
    add(
      'Repeat-visit bytes (worst role)',
      `${kb(repeatBytes[1].repeat.total)} (${repeatBytes[0]})`,
      '≤ 5 KB',
      repeatBytes[1].repeat.total / 1024,
      TARGETS.repeatKb,
    );
  add('axe violations, every app screen, light and dark', String(f.axe), '0', f.axe, 0);
  const errors = [...f.lhPhone, ...f.lhTablet].filter((r) => r.error);
  console.log(
    `\n== The issue's targets (${new Date().toISOString().slice(0, 10)}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${cpus().length} cores) ==`,
  );
  console.log(formatTable(['figure', 'measured', 'target', ''], rows));
  if (errors.length) console.log(`  Lighthouse failed on: ${errors.map((r) => `${r.path} (${r.error})`).join(', ')}`);
}
