// `npm run audit`, the staff tablet (AUDIT_ONLY=staff runs it alone): a sales associate on a shift,
// on a budget tablet — 1024 px wide, its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), 150 ms
// round trip at 1.6 Mbit/s down and up (CDP Network.emulateNetworkConditions, on the page and on its
// service worker). It measures, each in the page with performance.now():
//   - the counter (/dashboard/sell) usable — its products listed, their Add buttons enabled — on the
//     first visit of the dashboard in a fresh profile (the service worker installing) and on a
//     reload once the worker and its caches are in place;
//   - a tap on Add → the line in the basket (from the click's dispatch to the line in the page);
//   - the pickup desk: a code typed and sent at the desk → the prompt on the client's phone;
//   - the dispatch board (/dashboard/dispatch) with 300 open deliveries usable, first visit;
//   - the shift screen (/dashboard/shift), first visit and reload.
// The data comes through the sandbox API: the demo sales associate starts a shift, the demo client
// pays pickup orders from the wallet, a client of its own pays 300 home deliveries the same way.
// CDP's network emulation delays requests but not WebSocket frames: the browser reaches the server
// through a proxy that holds each frame of the live channel half a round trip, each way.
// AUDIT_STAFF_DETAIL=1 prints, under the table, where each load's time went; AUDIT_STAFF_PROFILE=<dir>
// adds one traced cold load of each screen (not counted in the figures), keeps its Chrome trace and
// CPU profile there and prints the main thread's time by kind and the busiest code files.
// AUDIT_STAFF_ONLY=dispatch (a comma list of sell, pickup, dispatch, shift) measures those parts
// alone; sell includes the taps on Add, and the table lists only the figures measured.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { api, signIn } from './audit-app.mjs';
import { cookieHeader, formatTable, verdict } from './audit-report.mjs';

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
/** The budget tablet: Lighthouse's slow-4G round trip and throughput, its 4× slower CPU. */
const BUDGET = { cpu: 4, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 };
const TARGETS = { coldMs: 2000, warmMs: 800, tapMs: 50, promptP95Ms: 500, dispatchColdMs: 2000 };
const ASSOCIATE = '08010000003';
const CLIENT = '08010000002';
const OPEN_DELIVERIES = 300;
const PICKUPS = 20;
const TAPS = 5;
/** Each load is measured this many times (a fresh profile each), the median reported. */
const LOAD_RUNS = 3;
/** A screen has settled once its main thread has gone this long without a long task. */
const QUIET_MS = 2000;
const DELIVERY_ADDRESS = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' };
const DIST = path.resolve('dist');
const ms = (value) => `${Math.round(value)} ms`;
const PARTS = ['sell', 'pickup', 'dispatch', 'shift'];
/** The parts AUDIT_STAFF_ONLY names (all of them when it is unset). */
function partsToRun() {
  const only = process.env.AUDIT_STAFF_ONLY?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!only?.length) return new Set(PARTS);
  const unknown = only.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`AUDIT_STAFF_ONLY: unknown part ${unknown.join(', ')} (${PARTS.join(', ')})`);
  return new Set(only);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Nearest-rank percentile. */
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

/** Runs `task` over `items`, `width` at a time. */
async function inBatches(items, width, task) {
  const results = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  }
  return results;
}

/**
 * A proxy in front of the server: requests pass as they are (the page's emulation slows them), the
 * frames of an upgraded connection (the live channel) wait `oneWayMs` in each direction.
 */
async function liveChannelDelay(target, oneWayMs) {
  const { hostname, port } = new URL(target);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const later = (to) => (chunk) => setTimeout(() => to.destroyed || to.write(chunk), oneWayMs);
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(port), hostname, () => {
      up.write(
        `${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      );
      if (head.length) up.write(head);
      socket.on('data', later(up));
      up.on('data', later(socket));
    });
    const close = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', close);
    socket.on('error', close);
    up.on('close', () => setTimeout(() => socket.destroy(), oneWayMs));
    socket.on('close', () => setTimeout(() => up.destroy(), oneWayMs));
  });
  // As long as the server's own (Fastify's 72 s), so the tablet keeps its connections as it would.
  server.keepAliveTimeout = 72_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * The browser's own DevTools connection (flat sessions, which Playwright's CDP sessions do not
 * offer): every service worker is held at its start until the network profile is set on it too,
 * so its install and its caching of the staff code cross the same slow link as the page.
 */
async function throttleServiceWorkers(port, network) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve) => {
      id += 1;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params, sessionId }));
    });
  let workers = 0;
  ws.onmessage = async (event) => {
    const message = JSON.parse(event.data);
    if (message.id) {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
      return;
    }
    if (message.method !== 'Target.attachedToTarget') return;
    const { sessionId } = message.params;
    await send('Network.enable', {}, sessionId);
    const set = await send('Network.emulateNetworkConditions', { offline: false, ...network }, sessionId);
    if (!set.error) workers += 1;
    await send('Runtime.runIfWaitingForDebugger', {}, sessionId);
  };
  const attached = await send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: true,
    filter: [{ type: 'service_worker', exclude: false }, { exclude: true }],
  });
  if (attached.error) throw new Error(`service workers cannot be throttled: ${attached.error.message}`);
  return { throttled: () => workers, close: () => ws.close() };
}

const network = ({ latency, downloadThroughput, uploadThroughput }) => ({
  latency,
  downloadThroughput,
  uploadThroughput,
});

/** The page on the budget profile: its network always, its CPU when `cpu` (the phone keeps its own). */
async function onProfile(context, page, { cpu = true } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network(BUDGET) });
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: BUDGET.cpu });
  return cdp;
}

/**
 * Marks when the screen is usable, as the staff member sees it: the app has taken over
 * (html[data-app-ready]) and the screen's working parts are there and enabled; `dom` is when the
 * page had them, `painted` the frame after (a task queued from the next animation frame).
 */
const usableProbe = ({ screen, count }) => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const heading = (text) => all('h1, h2').some((h) => h.textContent?.trim() === text);
  const enabled = (el) => el && !el.disabled && !el.hasAttribute('data-disabled') && !el.hasAttribute('data-loading');
  const labelled = (text) => {
    const label = all('label').find((l) => l.textContent?.trim().startsWith(text));
    return label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  };
  const checks = {
    // Every product's Add button (the gas picker's needs a weight first, so it is not counted).
    sell: () => {
      if (!heading('Sell at the counter')) return false;
      const adds = all('button[aria-label^="Add "]').filter(
        (b) => !/ kg of gas for /.test(b.getAttribute('aria-label')),
      );
      return adds.length >= count && adds.every(enabled);
    },
    shift: () => heading('You are on shift') && enabled(labelled('Cash counted in the drawer')),
    dispatch: () =>
      heading('Dispatch') && all('section[aria-labelledby="dispatch-waiting-for-a-rider"] article').length >= count,
    pickup: () => heading('Pick up') && enabled(labelled('Pickup code')),
  };
  const usable = () => document.documentElement.hasAttribute('data-app-ready') && checks[screen]();
  const observer = new MutationObserver(() => {
    if (!usable()) return;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__usable = { dom, painted: performance.now() };
      };
      channel.port2.postMessage(null);
    });
  });
  // When the app's own screen is in place of a first view (app/first-views), usable: until then
  // a tap on one of the app's controls waits for its code.
  const views = '[data-counter-view], [data-board-view], [data-shift-view]';
  const inPlace = new MutationObserver(() => {
    if (!usable() || document.querySelector(views)) return;
    inPlace.disconnect();
    window.__appInPlace = performance.now();
  });
  for (const watcher of [observer, inPlace])
    watcher.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-app-ready', 'disabled', 'data-disabled', 'data-loading'],
    });
  // Long tasks before the screen was usable: where the main thread's time went.
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing in this browser
  }
};

/** Waits for the probe, then reads its times and what the page fetched before them. */
async function usableTimes(page, screen) {
  try {
    await page.waitForFunction(() => window.__usable, null, { timeout: 120_000, polling: 100 });
  } catch (error) {
    throw new Error(`${screen} never became usable: ${error.message}`);
  }
  // Then until the main thread has had QUIET_MS without a long task: a tap before that may wait.
  await page.waitForFunction(
    (quiet) => {
      const lastEnd = Math.max(window.__usable.painted, ...window.__longTasks.map(([start, d]) => start + d));
      return performance.now() - lastEnd >= quiet;
    },
    QUIET_MS,
    { timeout: 180_000, polling: 250 },
  );
  await page.waitForFunction(() => window.__appInPlace, null, { timeout: 120_000, polling: 100 });
  return page.evaluate(() => {
    const { dom, painted } = window.__usable;
    const settled = Math.max(painted, ...window.__longTasks.map(([start, d]) => start + d));
    const requests = performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < dom)
      .map((r) => ({
        name: new URL(r.name).pathname + new URL(r.name).search,
        start: Math.round(r.startTime),
        end: Math.round(r.responseEnd),
        bytes: r.transferSize,
        worker: r.workerStart > 0,
      }));
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      dom,
      painted,
      settled,
      appInPlace: window.__appInPlace,
      requests,
      html: nav ? { end: Math.round(nav.responseEnd), worker: nav.workerStart > 0 } : null,
      longTasks: window.__longTasks.filter(([start]) => start < dom),
    };
  });
}

/** The staff code the worker keeps on a staff member's tablet (its caches as the build lists them). */
function staffCaches() {
  const read = (file) => JSON.parse(readFileSync(path.join(DIST, file), 'utf8'));
  return [
    [`arrive-app-v${read('app-code.json').version}`, read('app-code.json').urls],
    [`arrive-staff-v${read('staff-code.json').version}`, read('staff-code.json').urls],
    // The first views and their pages: the counter's page and view (features/sell/light) among them.
    [`arrive-views-v${read('views-code.json').version}`, read('views-code.json').urls],
  ];
}

/** The app's code the worker keeps on a client's phone once the app runs there. */
function appCaches() {
  return staffCaches().slice(0, 1);
}

/**
 * The worker controls the page and holds the code of `caches` (name, URLs): a reload is warm, and
 * no download of the worker's shares the link with what is measured next. The check polls inside
 * the page: `waitForFunction` takes an async predicate's promise as a truthy answer at once.
 */
async function waitForWarmCaches(page, caches) {
  const held = await page.evaluate(
    async ({ wanted, timeoutMs }) => {
      const warm = async () => {
        if (!navigator.serviceWorker.controller) return false;
        for (const [name, urls] of wanted) {
          if (!(await caches.has(name))) return false;
          const held = new Set((await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
          if (!urls.every((u) => held.has(u))) return false;
        }
        return true;
      };
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (await warm()) return true;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return false;
    },
    { wanted: caches, timeoutMs: 180_000 },
  );
  if (!held) throw new Error(`the worker did not cache ${caches.map(([name]) => name).join(', ')} within 3 minutes`);
}

/** A fresh tablet (a new profile), signed in as `jar`, on the budget profile. */
async function freshTablet(browser, base, jar, probe) {
  const context = await browser.newContext({ viewport: TABLET, hasTouch: true });
  await context.addCookies([...jar].map(([name, value]) => ({ name, value, url: base })));
  if (probe) await context.addInitScript(usableProbe, probe);
  const page = await context.newPage();
  const cdp = await onProfile(context, page);
  return { context, page, cdp };
}

/**
 * A screen on the first visit of the dashboard in a fresh profile (the worker installs meanwhile),
 * then, once the worker controls the page and holds the staff code, on a reload.
 */
async function loadScreen(browser, base, jar, screen, { warm, after } = {}) {
  const { context, page } = await freshTablet(browser, base, jar, screen.probe);
  try {
    await page.goto(`${base}${screen.path}`);
    const cold = await usableTimes(page, screen.path);
    if (!warm) return { cold };
    await waitForWarmCaches(page, staffCaches());
    await page.reload();
    const reload = await usableTimes(page, screen.path);
    const extra = after ? await after(page) : undefined;
    return { cold, warm: reload, extra };
  } finally {
    await context.close();
  }
}

/**
 * Taps Add on one product `TAPS` times (the line removed between taps): from the click's dispatch
 * (the first listener, on window, in the capture phase) to the line in the basket (a
 * MutationObserver), and to the frame after.
 */
async function tapsOnAdd(page, product, count = TAPS, { removeLast = true } = {}) {
  const add = page.getByRole('button', { name: `Add ${product}`, exact: true });
  const removeLine = page.getByRole('button', { name: new RegExp(`^Remove ${product.replace(/[()]/g, '\\$&')}`) });
  const taps = [];
  for (let i = 0; i < count; i++) {
    await page.evaluate((name) => {
      window.__tap = {};
      const lineThere = () =>
        [...document.querySelectorAll('button[aria-label^="Remove "]')].some((b) =>
          b.getAttribute('aria-label').startsWith(`Remove ${name}`),
        );
      window.addEventListener(
        'click',
        () => {
          window.__tap.start = performance.now();
          const observer = new MutationObserver(() => {
            if (!lineThere()) return;
            observer.disconnect();
            window.__tap.line = performance.now();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                window.__tap.painted = performance.now();
              };
              channel.port2.postMessage(null);
            });
          });
          observer.observe(document.body, { subtree: true, childList: true });
        },
        { capture: true, once: true },
      );
    }, product);
    await add.click();
    await page.waitForFunction(() => window.__tap.painted, null, { timeout: 30_000 });
    const tap = await page.evaluate(() => window.__tap);
    taps.push({ line: tap.line - tap.start, painted: tap.painted - tap.start });
    if (i === count - 1 && !removeLast) break;
    await removeLine.click();
    await page.getByText('Add products to start a sale.').waitFor();
  }
  return taps;
}

/** A paid order of one burner, paid from the wallet: pickup, or home delivery to Yaba. */
async function paidBurnerOrder(url, jar, burnerId, delivery) {
  const order = await api(url, jar, 'POST', 'order/new', {
    type: 'Product',
    items: [{ productId: burnerId, quantity: 1 }],
    ...(delivery
      ? { deliveryOption: 'HomeDelivery', homeDeliveryType: 'oneWay', address: DELIVERY_ADDRESS }
      : { deliveryOption: 'PickerUP' }),
  });
  return order;
}

/** The client's wallet, created if need be, with at least `kobo` in it (sandbox transfers). */
async function fundWallet(url, jar, kobo) {
  let { wallet } = await api(url, jar, 'GET', 'wallet/client');
  if (!wallet) {
    await api(url, jar, 'POST', 'wallet/create', {
      firstname: 'Ngozi',
      lastname: 'Adeyemi',
      email: `audit-staff-${Date.now()}@example.com`,
      consentGiven: true,
    });
    wallet = (await api(url, jar, 'GET', 'wallet/client')).wallet;
  }
  const balance = wallet.balance ?? 0;
  for (let missing = kobo - balance; missing > 0; missing -= 900_000_000) {
    await api(url, jar, 'POST', 'wallet/simulate_transfer', {
      accountNumber: wallet.virtualAccount.accountNumber,
      amount: Math.min(missing, 900_000_000) + 100_000,
    });
  }
}

/** Orders placed, then paid from the wallet, `width` at a time. */
async function paidOrders(url, jar, count, burnerId, delivery) {
  const placed = await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    () => paidBurnerOrder(url, jar, burnerId, delivery),
  );
  await fundWallet(
    url,
    jar,
    placed.reduce((sum, o) => sum + o.total, 0),
  );
  await inBatches(placed, 8, (o) => api(url, jar, 'POST', 'payment/wallet', { orderNumber: o.orderNumber }));
  return placed;
}

/** A fresh number for the client whose 300 deliveries fill the board. */
const freshNumber = () => `0819${String(Date.now() % 10_000_000).padStart(7, '0')}`;

/**
 * The pickup desk on the tablet, the client's phone on /pickup: each time a code is typed and sent
 * (Find order, which asks a connected owner at once), the phone's prompt is timed, and the desk's
 * own answer (the order shown, waiting for the client) — one clock (Date.now()) for both pages,
 * which run on this machine.
 */
async function pickupPrompts(browser, base, staffJar, clientJar, orders) {
  const tablet = await freshTablet(browser, base, staffJar, { screen: 'pickup' });
  const phoneContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await phoneContext.addCookies([...clientJar].map(([name, value]) => ({ name, value, url: base })));
  const phone = await phoneContext.newPage();
  await onProfile(phoneContext, phone, { cpu: false });
  try {
    await tablet.page.goto(`${base}/dashboard/pickup`);
    await usableTimes(tablet.page, '/dashboard/pickup');
    await phone.goto(`${base}/pickup`);
    const live = (page) =>
      page
        .getByRole('status')
        .filter({ hasText: /^Live$/ })
        .first()
        .waitFor({ timeout: 60_000 });
    await Promise.all([live(tablet.page), live(phone)]);
    // Both devices as they are a while into the day: the worker in control, the app's code saved.
    await Promise.all([waitForWarmCaches(tablet.page, staffCaches()), waitForWarmCaches(phone, appCaches())]);
    const prompt = phone.getByRole('dialog', { name: 'Confirm your pickup' });
    const times = [];
    for (const order of orders) {
      await tablet.page.getByLabel('Pickup code').fill(order.pickupCode);
      await tablet.page.evaluate(() => {
        window.__desk = {};
        window.addEventListener(
          'click',
          () => {
            window.__desk.sent = Date.now();
          },
          { capture: true, once: true },
        );
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes('Waiting for the client to confirm')) return;
          observer.disconnect();
          window.__desk.waiting = Date.now();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await phone.evaluate((orderNumber) => {
        window.__prompt = {};
        const observer = new MutationObserver(() => {
          const dialog = [...document.querySelectorAll('[role="dialog"]')].find(
            (d) => d.textContent?.includes('Confirm your pickup') && d.textContent.includes(orderNumber),
          );
          if (!dialog) return;
          observer.disconnect();
          window.__prompt.shown = Date.now();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              window.__prompt.painted = Date.now();
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.body, { subtree: true, childList: true });
      }, order.orderNumber);
      await tablet.page.getByRole('button', { name: 'Find order' }).click();
      await phone.waitForFunction(() => window.__prompt.painted, null, { timeout: 30_000, polling: 50 });
      await tablet.page.waitForFunction(() => window.__desk.waiting, null, { timeout: 30_000, polling: 50 });
      const desk = await tablet.page.evaluate(() => {
        // The find's own request, as the tablet timed it.
        const lookup = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/api/pickup/find'));
        const last = lookup.at(-1);
        const at = (t) => (last && t > 0 ? Math.round(t - last.startTime) : '-');
        return {
          ...window.__desk,
          request: last ? last.responseEnd - last.startTime : Number.NaN,
          phases: last
            ? `worker ${at(last.workerStart)}, connection ${at(last.connectStart)}–${at(last.connectEnd)}, sent ${at(
                last.requestStart,
              )}, answered ${at(last.responseStart)}`
            : '',
        };
      });
      const shown = await phone.evaluate(() => window.__prompt);
      times.push({
        total: shown.painted - desk.sent,
        request: desk.request,
        phases: desk.phases,
        desk: desk.waiting - desk.sent,
      });
      // The client approves; the desk hands over and serves the next customer.
      await prompt.getByRole('button', { name: 'Approve pickup' }).click();
      await tablet.page.getByRole('alert').filter({ hasText: 'Approved. Hand the order over.' }).waitFor();
      await prompt.waitFor({ state: 'hidden' });
      await tablet.page.getByRole('button', { name: 'Next customer' }).click();
      await tablet.page.getByText('Scan the QR code on the client’s phone').waitFor();
    }
    return times;
  } finally {
    await tablet.context.close();
    await phoneContext.close();
  }
}

/** What the main thread did, by kind of work (self time of the trace's events). */
const WORK_KINDS = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|InvalidateLayout|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|UpdateLayout)$/],
  ['paint', /^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|Commit|CompositeLayers|PaintImage|RasterTask)$/],
  ['gc', /GC|CppGC|BlinkGC/],
  ['parse HTML', /^ParseHTML$/],
  ['compile', /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|CompileScript)/],
];

/**
 * The page's main thread in a trace (its busiest renderer main thread) and the moment `startsAt`
 * picks (an event), in the trace's microseconds.
 */
function mainThreadOf(trace, startsAt) {
  const events = trace.traceEvents ?? trace;
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const byThread = new Map();
  for (const m of mains) byThread.set(`${m.pid}:${m.tid}`, []);
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && byThread.has(key)) byThread.get(key).push(e);
  }
  const busiest = [...byThread.values()].sort(
    (a, b) => b.reduce((s, e) => s + (e.dur ?? 0), 0) - a.reduce((s, e) => s + (e.dur ?? 0), 0),
  )[0];
  const start = events.find(startsAt);
  return busiest && start ? { events: busiest, start: start.ts } : null;
}

const isNavigationStart = (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http');
const isClick = (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click';

/** Self time by kind of work on the main thread, `ms` long from `thread.start`. */
function mainThreadWork(thread, ms) {
  if (!thread) return [];
  const [from, end] = [thread.start, thread.start + ms * 1000];
  const busiest = thread.events;
  const list = busiest.filter((e) => e.ts >= from && e.ts < end).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Each event's own time: its duration less that of the events nested in it.
  const selfOf = new Map();
  const open = [];
  for (const e of list) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= e.ts) open.pop();
    const parent = open.at(-1);
    selfOf.set(e, e.dur ?? 0);
    if (parent) selfOf.set(parent, selfOf.get(parent) - Math.min(e.dur ?? 0, parent.ts + parent.dur - e.ts));
    open.push(e);
  }
  const kindOf = (name) => WORK_KINDS.find(([, re]) => re.test(name))?.[0] ?? (name === 'RunTask' ? 'other' : 'script');
  const totals = new Map();
  for (const [e, self] of selfOf) totals.set(kindOf(e.name), (totals.get(kindOf(e.name)) ?? 0) + Math.max(0, self));
  return [...totals].map(([kind, us]) => [kind, us / 1000]).sort((a, b) => b[1] - a[1]);
}

/** The busiest code files of a CPU profile (self time, between `from` and `to` µs), by chunk name. */
function busiestFiles(profile, from = 0, to = Number.POSITIVE_INFINITY) {
  const self = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const frame = nodes.get(id)?.callFrame;
    if (frame?.functionName === '(idle)') return;
    const file = frame?.url
      ? frame.url
          .split('/')
          .pop()
          .replace(/-[\w-]{8}\.js$/, '.js')
      : frame?.functionName || '?';
    self.set(file, (self.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return [...self].map(([file, us]) => [file, us / 1000]).sort((a, b) => b[1] - a[1]);
}

/** One cold load, traced and profiled, kept in `dir`; answers what its main thread did. */
async function profileLoad(browser, base, jar, screen, dir) {
  const { context, page, cdp } = await freshTablet(browser, base, jar, screen.probe);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'loading'],
    });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${screen.path}`);
    const run = await usableTimes(page, screen.path);
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse(String(await browser.stopTracing()));
    const name = `${screen.probe.screen}-cold`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.trace.json`), JSON.stringify(trace));
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    const thread = mainThreadOf(trace, isNavigationStart);
    const work = mainThreadWork(thread, run.painted);
    const files = thread ? busiestFiles(profile, thread.start, thread.start + run.painted * 1000).slice(0, 8) : [];
    return [
      `  ${screen.path} cold, traced: usable ${ms(run.painted)}; main thread ${work
        .map(([k, t]) => `${k} ${ms(t)}`)
        .join(', ')}`,
      `      busiest code (self time, until usable): ${files.map(([f, t]) => `${f} ${ms(t)}`).join(', ')}`,
    ].join('\n');
  } finally {
    await context.close();
  }
}

/** One tap on Add on the warm counter, traced and profiled, kept in `dir`. */
async function profileTap(browser, base, jar, screen, product, dir) {
  const { context, page, cdp } = await freshTablet(browser, base, jar, screen.probe);
  try {
    await page.goto(`${base}${screen.path}`);
    await usableTimes(page, screen.path);
    await waitForWarmCaches(page, staffCaches());
    await page.reload();
    await usableTimes(page, screen.path);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
    });
    await cdp.send('Profiler.start');
    const [tap] = await tapsOnAdd(page, product, 1, { removeLast: false });
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse(String(await browser.stopTracing()));
    writeFileSync(path.join(dir, 'sell-tap.trace.json'), JSON.stringify(trace));
    writeFileSync(path.join(dir, 'sell-tap.cpuprofile'), JSON.stringify(profile));
    const thread = mainThreadOf(trace, isClick);
    const work = mainThreadWork(thread, tap.painted);
    const files = thread ? busiestFiles(profile, thread.start, thread.start + tap.painted * 1000).slice(0, 8) : [];
    return [
      `  tap on Add, traced: line ${ms(tap.line)}, painted ${ms(tap.painted)}; main thread from the click ${work
        .map(([k, t]) => `${k} ${ms(t)}`)
        .join(', ')}`,
      `      busiest code (self time, click to painted): ${files.map(([f, t]) => `${f} ${ms(t)}`).join(', ')}`,
    ].join('\n');
  } finally {
    await context.close();
  }
}

/** Where a load's time went: the page, the API calls, the long tasks before it was usable. */
function describeLoad(label, run) {
  const api = run.requests.filter((r) => r.name.startsWith('/api/'));
  const code = run.requests.filter((r) => /\.(js|css)$/.test(r.name));
  const bytes = code.reduce((sum, r) => sum + r.bytes, 0);
  const largest = [...code].sort((a, b) => b.bytes - a.bytes).slice(0, 4);
  const busy = run.longTasks.reduce((sum, [, d]) => sum + d, 0);
  const lines = [
    `  ${label}: usable ${ms(run.painted)} (in the page ${ms(run.dom)}), settled ${ms(run.settled)}, the app in place ${ms(run.appInPlace)}; page ${
      run.html ? `${ms(run.html.end)}${run.html.worker ? ' (worker)' : ''}` : '?'
    }; ${code.length} JS/CSS files, ${(bytes / 1024).toFixed(0)} KB over the network, last at ${ms(
      Math.max(0, ...code.map((r) => r.end)),
    )} (largest ${largest.map((r) => `${r.name.split('/').pop()} ${(r.bytes / 1024).toFixed(0)} KB`).join(', ')}); long tasks before usable ${
      run.longTasks.length
    }, ${ms(busy)} in all (longest ${ms(Math.max(0, ...run.longTasks.map(([, d]) => d)))})`,
  ];
  for (const r of api) lines.push(`      ${ms(r.start).padStart(8)} → ${ms(r.end).padStart(8)}  ${r.name}`);
  return lines.join('\n');
}

/** Measures the staff tablet and prints its table; answers the figures. */
export async function auditStaffTablet({ url, chromePath, flags }) {
  const parts = partsToRun();
  // The data, through the API: the associate on a shift, the client's paid pickups, 300 deliveries.
  const associate = await signIn(url, ASSOCIATE);
  const { shift } = await api(url, associate, 'GET', 'shift/active');
  if (!shift) await api(url, associate, 'POST', 'shift/start', { openingFloat: 0 });
  const client = await signIn(url, CLIENT);
  const { products } = await api(url, client, 'GET', 'product/');
  const burner = products.filter((p) => p.type === 'Burner').sort((a, b) => a.price - b.price)[0];
  const forSale = products.filter((p) => p.type !== 'Gas').length;
  // The pickup code is the paid order's (GET /api/order/pickup/:orderNumber, as the client's phone shows it).
  const pickups = parts.has('pickup')
    ? await inBatches(await paidOrders(url, client, PICKUPS, burner.id, false), 8, async (o) => ({
        orderNumber: o.orderNumber,
        pickupCode: (await api(url, client, 'GET', `order/pickup/${o.orderNumber}`)).pickupCode,
      }))
    : [];
  let onBoard = 0;
  if (parts.has('dispatch')) {
    const receiver = await signIn(url, freshNumber(), 'signup');
    await paidOrders(url, receiver, OPEN_DELIVERIES, burner.id, true);
    const board = await (
      await fetch(`${url}/api/delivery/board`, { headers: { 'x-platform': 'web', cookie: cookieHeader(associate) } })
    ).json();
    // The board lists what the server sends of the open deliveries (it may hold some back): the
    // screen is usable once it shows every one of those.
    onBoard = board.deliveries.filter((d) => ['Pending', 'Rejected'].includes(d.status)).length;
    if (onBoard === 0) throw new Error('the dispatch board shows none of the deliveries');
  }

  const loadAtStart = loadavg()[0];
  const proxy = await liveChannelDelay(url, BUDGET.latency / 2);
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [...flags, `--remote-debugging-port=${port}`],
  });
  const workers = await throttleServiceWorkers(port, network(BUDGET));
  const base = proxy.url;
  const detail = [];
  try {
    const sellScreen = { path: '/dashboard/sell', probe: { screen: 'sell', count: forSale } };
    const sell = [];
    for (let i = 0; parts.has('sell') && i < LOAD_RUNS; i++) {
      const last = i === LOAD_RUNS - 1;
      sell.push(
        await loadScreen(browser, base, associate, sellScreen, {
          warm: true,
          after: last ? (page) => tapsOnAdd(page, burner.name) : undefined,
        }),
      );
    }
    const taps = sell.at(-1)?.extra ?? [];
    const shiftScreen = { path: '/dashboard/shift', probe: { screen: 'shift' } };
    const shiftRuns = [];
    for (let i = 0; parts.has('shift') && i < LOAD_RUNS; i++) {
      shiftRuns.push(await loadScreen(browser, base, associate, shiftScreen, { warm: true }));
    }
    const dispatchScreen = { path: '/dashboard/dispatch', probe: { screen: 'dispatch', count: onBoard } };
    const dispatch = [];
    for (let i = 0; parts.has('dispatch') && i < LOAD_RUNS; i++)
      dispatch.push(await loadScreen(browser, base, associate, dispatchScreen));
    const prompts = parts.has('pickup') ? await pickupPrompts(browser, base, associate, client, pickups) : [];

    for (const [name, runs] of [
      ['sell', sell],
      ['shift', shiftRuns],
      ['dispatch', dispatch],
    ]) {
      runs.forEach((r, i) => {
        detail.push(describeLoad(`${name} cold #${i + 1}`, r.cold));
        if (r.warm) detail.push(describeLoad(`${name} warm #${i + 1}`, r.warm));
      });
    }
    const figures = {
      sellCold: sell.map((r) => r.cold.painted),
      sellColdSettled: sell.map((r) => r.cold.settled),
      sellWarm: sell.map((r) => r.warm.painted),
      sellWarmSettled: sell.map((r) => r.warm.settled),
      parts: [...parts],
      tapLine: taps.map((t) => t.line),
      tapPainted: taps.map((t) => t.painted),
      prompt: prompts.map((p) => p.total),
      promptDesk: prompts.map((p) => p.desk),
      dispatchCold: dispatch.map((r) => r.cold.painted),
      dispatchColdSettled: dispatch.map((r) => r.cold.settled),
      shiftCold: shiftRuns.map((r) => r.cold.painted),
      shiftColdSettled: shiftRuns.map((r) => r.cold.settled),
      shiftWarm: shiftRuns.map((r) => r.warm.painted),
      shiftWarmSettled: shiftRuns.map((r) => r.warm.settled),
      appInPlaceCold: [
        ['sell', sell],
        ['shift', shiftRuns],
        ['dispatch', dispatch],
      ].map(([name, runs]) => [name, runs.map((r) => r.cold.appInPlace)]),
      workersThrottled: workers.throttled(),
      onBoard,
      load: [loadAtStart, loadavg()[0]],
    };
    printStaffTable(figures);
    if (process.env.AUDIT_STAFF_DETAIL) {
      console.log(`\nWhere the time went (times from the navigation)\n${detail.join('\n')}`);
      if (prompts.length)
        console.log(
          `  pickup prompts (ms, code sent → prompt painted (the desk waiting for the client, its request)): ${prompts
            .map(
              (p) =>
                `${Math.round(p.total)} (${Math.round(p.desk)}, request ${Math.round(p.request)}${p.request > 400 ? ` [${p.phases}]` : ''})`,
            )
            .join(', ')}`,
        );
    }
    if (process.env.AUDIT_STAFF_PROFILE) {
      console.log('\nTraced cold loads (one more each, not in the figures)');
      const dir = process.env.AUDIT_STAFF_PROFILE;
      for (const screen of [sellScreen, shiftScreen, dispatchScreen]) {
        if (parts.has(screen.probe.screen)) console.log(await profileLoad(browser, base, associate, screen, dir));
      }
      if (parts.has('sell')) console.log(await profileTap(browser, base, associate, sellScreen, burner.name, dir));
    }
    return figures;
  } finally {
    workers.close();
    await browser.close();
    await proxy.close();
  }
}

/** The staff tablet's table: each figure, its target, pass or MISS. */
export function printStaffTable(f) {
  const mark = (value, target) => {
    const v = verdict(value, target);
    return v === 'within' ? 'pass' : v === 'OVER' ? 'MISS' : 'n/a';
  };
  const runs = (values) => values.map((v) => Math.round(v)).join(', ');
  const rows = [];
  // A figure of a part left out (AUDIT_STAFF_ONLY) has no runs: it has no row.
  const load = (what, values, settled, target) =>
    values.length > 0 &&
    rows.push([
      what,
      `${ms(median(values))} (runs ${runs(values)}; main thread free at ${ms(median(settled))})`,
      `≤ ${target / 1000} s`,
      mark(median(values), target),
    ]);
  load('Sell screen usable, cold after sign-in (median)', f.sellCold, f.sellColdSettled, TARGETS.coldMs);
  load('Sell screen usable, warm reload (median)', f.sellWarm, f.sellWarmSettled, TARGETS.warmMs);
  if (f.tapLine.length > 0)
    rows.push([
      `Tap on Add → line in the basket (median of ${f.tapLine.length})`,
      `${ms(median(f.tapLine))} (taps ${runs(f.tapLine)}; painted ${ms(median(f.tapPainted))})`,
      `≤ ${TARGETS.tapMs} ms`,
      mark(median(f.tapLine), TARGETS.tapMs),
    ]);
  if (f.prompt.length > 0)
    rows.push([
      `Code typed at the desk → prompt on the phone (p95 of ${f.prompt.length})`,
      `${ms(percentile(f.prompt, 95))} (median ${ms(median(f.prompt))}, worst ${ms(Math.max(...f.prompt))}; the desk waiting, p95 ${ms(
        percentile(f.promptDesk, 95),
      )})`,
      `≤ ${TARGETS.promptP95Ms} ms`,
      mark(percentile(f.prompt, 95), TARGETS.promptP95Ms),
    ]);
  load(
    `Dispatch board, ${OPEN_DELIVERIES} open deliveries${
      f.onBoard < OPEN_DELIVERIES ? ` (the board lists ${f.onBoard})` : ''
    }, usable cold (median)`,
    f.dispatchCold,
    f.dispatchColdSettled,
    TARGETS.dispatchColdMs,
  );
  load('Shift screen usable, cold after sign-in (median)', f.shiftCold, f.shiftColdSettled, TARGETS.coldMs);
  load('Shift screen usable, warm reload (median)', f.shiftWarm, f.shiftWarmSettled, TARGETS.warmMs);
  // Until the app's own screen replaces a view, a tap on one of the app's controls waits for it.
  const inPlace = (f.appInPlaceCold ?? []).filter(([, values]) => values.length > 0);
  if (inPlace.length > 0)
    rows.push([
      "The app's own screen in place of the view, cold (median)",
      inPlace.map(([name, values]) => `${name} ${ms(median(values))}`).join(', '),
      '–',
      'n/a',
    ]);
  console.log(
    `Staff tablet: 1024 px, CPU 4× slower, 150 ms round trip at 1.6 Mbit/s (the page, ${
      f.workersThrottled ? 'its service worker' : 'NOT its service worker'
    } and the live channel); the client's phone (390 px) on the same network, its CPU not slowed.`,
  );
  console.log(
    `Usable = the screen's parts there and enabled, the next frame painted; ${LOAD_RUNS} fresh profiles per screen.`,
  );
  console.log(
    `Load average (1 min) ${f.load[0].toFixed(2)} at the start, ${f.load[1].toFixed(2)} at the end; ${cpus().length} cores.`,
  );
  console.log(formatTable(['figure', 'measured', 'target', ''], rows));
}
