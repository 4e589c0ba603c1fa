import { readFileSync } from 'node:fs';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  APP_CACHE,
  appCode,
  cachedCode,
  deviceAddress,
  STAFF_CACHE,
  signUpByApi,
  staffCode,
  VIEWS_CACHE,
  viewsCode,
  waitForAppCode,
  waitForServiceWorker,
  waitForViews,
} from './support';

// The precache follows who uses the device: a visitor's device downloads
// neither the signed-in app's code nor the staff code; a client's sign-in caches the first views
// (the shop and the history without the app), the app's code once the app runs; a staff sign-in
// caches the app's and the staff code, a sign-out drops the staff code; a client's device never
// downloads the staff code. The URLs are the build's own lists (vite.config.ts writes them next to the build).
const ASSOCIATE = '08010000003';
// This file's journeys play one device (support.ts `deviceAddress`).
const headers = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };

type Recorded = { path: string; byWorker: boolean };

/** Every request of the context's pages and of its service worker. */
function recordRequests(context: BrowserContext): Recorded[] {
  const seen: Recorded[] = [];
  context.on('request', (request) => {
    seen.push({ path: new URL(request.url()).pathname, byWorker: request.serviceWorker() !== null });
  });
  return seen;
}

const staffRequests = (seen: Recorded[]) => seen.filter((r) => staffCode.urls.includes(r.path)).map((r) => r.path);

// The app's stylesheets the public pages link (the home's offline copy lists them) are theirs too.
const publicStyles = new Set(
  [...readFileSync('dist/offline.html', 'utf8').matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]),
);
const appRequests = (seen: Recorded[]) =>
  seen.filter((r) => appCode.urls.includes(r.path) && !publicStyles.has(r.path)).map((r) => r.path);
const viewsRequests = (seen: Recorded[]) => seen.filter((r) => viewsCode.urls.includes(r.path)).map((r) => r.path);

const roleCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => /^arrive-(app|staff|views)-/.test(name)).sort());

/** The staff caches; null while the page is navigating (a sign-out goes to the home). */
const staffCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('arrive-staff-'))).catch(() => null);

const cachedStaffCode = (page: Page) => cachedCode(page, STAFF_CACHE);

/** The sales associate signs in through the API (login, the code from the sandbox outbox, confirm). */
async function signInAsAssociate(request: APIRequestContext) {
  const international = `234${ASSOCIATE.slice(1)}`;
  const outbox = async () =>
    ((await (await request.get(`/api/dev/outbox?to=${international}`)).json()) as { messages: { body: string }[] })
      .messages;
  const before = (await outbox()).length;
  const login = await request.post('/api/auth/login', { data: { phoneNumber: international }, headers });
  expect(login.ok(), await login.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const messages = await outbox();
      code = messages.length > before ? (messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const confirm = await request.post('/api/auth/opt_confirmation', {
    data: { optCode: code, mobileNumber: ASSOCIATE },
    headers,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

test("a visitor downloads neither the app's nor the staff code; a staff sign-in caches both, the sign-out drops the staff code", async ({
  page,
  context,
}) => {
  expect(staffCode.urls.length).toBeGreaterThan(0);
  expect(appCode.urls.length).toBeGreaterThan(0);
  const seen = recordRequests(context);

  // First visit of the home page: the worker installs and precaches the shell and the public
  // pages' code, without the signed-in app's code or the staff code.
  await page.goto('/');
  expect(await waitForServiceWorker(page)).toBe('activated');
  expect(seen.filter((r) => r.byWorker).length, 'the worker precached through the network').toBeGreaterThan(3);
  expect(staffRequests(seen)).toEqual([]);
  expect(appRequests(seen)).toEqual([]);
  expect(viewsRequests(seen)).toEqual([]);
  expect(await roleCaches(page)).toEqual([]);

  // A staff member signs in on this device: the worker caches the whole staff code, the screens
  // this visit does not open (the sales charts, the counter…) included, and the app with the
  // first views, whose code it shares.
  await signInAsAssociate(context.request);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect.poll(() => cachedStaffCode(page), { timeout: 20_000 }).toEqual([...staffCode.urls].sort());
  await waitForAppCode(page);
  await waitForViews(page);
  expect(await roleCaches(page)).toEqual([APP_CACHE, STAFF_CACHE, VIEWS_CACHE].sort());

  // Sign-out (from the public page's menu): the staff code leaves the device.
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => staffCaches(page)).toEqual([]);
  // The sign-out goes on after the worker's answer (the local data is forgotten, then the header
  // turns to a visitor's): the device is closed once it has finished, not in the middle of it.
  await expect(page.locator('[data-nav="client"]').filter({ has: page.locator('[data-logout]') })).toHaveAttribute(
    'hidden',
    '',
  );
});

test("a visitor's repeat visit is answered by the worker; offline, an app screen falls back to the home", async ({
  page,
  context,
}) => {
  await page.goto('/');
  expect(await waitForServiceWorker(page)).toBe('activated');
  // The images the first visit showed are handed to the worker once it runs, and kept: when they
  // are all in its cache, the repeat visit downloads none of them.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const shown = new Set(
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/images/')),
        );
        const kept = new Set(
          (await (await caches.open('arrive-images')).keys()).map((request) => new URL(request.url).pathname),
        );
        return shown.size > 0 && [...shown].every((path) => kept.has(path));
      }),
    )
    .toBe(true);
  const again = recordRequests(context);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(again.filter((r) => r.byWorker && r.path.startsWith('/images/'))).toEqual([]);
  // A public page not opened before comes from the precache, not the network.
  const seen = recordRequests(context);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(seen.filter((r) => r.path === '/about' && !r.byWorker)).toHaveLength(1);
  expect(seen.filter((r) => r.path.startsWith('/about') && r.byWorker)).toEqual([]);
  // Offline, a screen of the app, whose code a visitor's device does not hold: the home.
  await context.setOffline(true);
  await page.goto('/wallet');
  await expect(page.locator('#root[data-prerendered-path="/"]')).toBeAttached();
  await context.setOffline(false);
});

test("a controlled page's reads of /api go past the worker; the calls it answers still reach it", async ({ page }) => {
  await page.goto('/');
  expect(await waitForServiceWorker(page)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // How the browser routed each call, as the page's resource timing says it.
  const routed = await page.evaluate(async () => {
    const sourceOf = async (path: string, init?: RequestInit) => {
      // The page's own files may have filled the timings' buffer.
      performance.clearResourceTimings();
      await (await fetch(path, init)).arrayBuffer();
      // The call's timing is recorded once its body is read, a moment after.
      for (let tries = 0; tries < 50; tries++) {
        const [entry] = performance.getEntriesByName(
          new URL(path, location.href).href,
        ) as (PerformanceResourceTiming & {
          workerMatchedSourceType?: string;
        })[];
        if (entry) return String(entry.workerMatchedSourceType);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return 'no entry';
    };
    return {
      catalogue: await sourceOf('/api/product'),
      signInCheck: await sourceOf('/api/auth/cookie_auth'),
      shiftStart: await sourceOf('/api/shift/start', { method: 'POST', body: '{}' }),
    };
  });
  expect(routed).toEqual({ catalogue: 'network', signInCheck: 'fetch-event', shiftStart: 'fetch-event' });
});

test('a client signing in on a fresh device downloads no staff code', async ({ page, context }) => {
  const seen = recordRequests(context);
  await signUpByApi(page, '0816');
  await page.goto('/profile');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  expect(await waitForServiceWorker(page)).toBe('activated');
  // Controlled by the worker, the app checks the session again: still nothing of the staff's.
  await page.reload();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(seen.filter((r) => r.byWorker).length).toBeGreaterThan(3);
  expect(staffRequests(seen)).toEqual([]);
  expect(await staffCaches(page)).toEqual([]);
  // The client's screens are kept for offline use.
  await waitForAppCode(page);
});

test("a client's first visit of the shop keeps the first views, not the app; the app's code comes once it runs", async ({
  page,
  context,
}) => {
  const seen = recordRequests(context);
  await signUpByApi(page, '0817');
  await page.goto('/products');
  const heading = page.getByRole('heading', { name: 'Order gas and products' });
  await expect(heading).toBeVisible();
  expect(await waitForServiceWorker(page)).toBe('activated');
  // The sign-in check told the worker: it keeps the views' code and pages, nothing of the app.
  await waitForViews(page);
  expect(appRequests(seen)).toEqual([]);
  expect(staffRequests(seen)).toEqual([]);
  expect(await roleCaches(page)).toEqual([VIEWS_CACHE]);

  // Next visit: the worker answers the shop with the view's page, online and offline.
  const again = await page.reload();
  expect(again?.fromServiceWorker()).toBe(true);
  await expect(page.locator('#root[data-light="shop"]')).toBeAttached();
  await expect(heading).toBeVisible();
  // The history read once online is kept on the device; offline its view draws that copy. (A view
  // with nothing to show, neither online nor saved, hands over to the app: waiting for the view's
  // own drawing keeps the check below from racing that.)
  await page.goto('/order/history');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await context.setOffline(true);
  await page.goto('/order/history');
  await expect(page.getByRole('heading', { name: 'Order history' })).toBeVisible();
  await expect(page.locator('#root[data-light="history"]')).toBeAttached();
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await context.setOffline(false);
  expect(appRequests(seen)).toEqual([]);

  // The first cart line hands the page to the app: its code comes now, and the worker keeps all of it.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Single burner (cylinder top)' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity of Single burner (cylinder top)' })).toHaveValue('1');
  await waitForAppCode(page);
  expect(await roleCaches(page)).toEqual([APP_CACHE, VIEWS_CACHE].sort());
});
