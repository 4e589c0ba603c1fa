import { readFileSync } from 'node:fs';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { deviceAddress, signUpByApi, waitForServiceWorker } from './support';

// The precache follows who uses the device (DESIGN "Offline-first"): a visitor's or a client's
// device never downloads the staff code; a staff sign-in caches it, a sign-out drops it. The staff
// code's URLs are the build's own list (vite.config.ts writes it next to the build).
const staffCode = JSON.parse(readFileSync('dist/staff-code.json', 'utf8')) as { version: string; urls: string[] };
const STAFF_CACHE = `arrive-staff-v${staffCode.version}`;
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

const staffCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('arrive-staff-')));

async function cachedStaffCode(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
  }, STAFF_CACHE);
}

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

test('a visitor downloads no staff code; a staff sign-in caches it and the sign-out drops it', async ({
  page,
  context,
}) => {
  expect(staffCode.urls.length).toBeGreaterThan(0);
  const seen = recordRequests(context);

  // First visit of the home page: the worker installs and precaches, without the staff code.
  await page.goto('/');
  expect(await waitForServiceWorker(page)).toBe('activated');
  expect(seen.filter((r) => r.byWorker).length, 'the worker precached through the network').toBeGreaterThan(10);
  expect(staffRequests(seen)).toEqual([]);
  expect(await staffCaches(page)).toEqual([]);

  // A staff member signs in on this device: the worker caches the whole staff code, the screens
  // this visit does not open (the sales charts, the counter…) included.
  await signInAsAssociate(context.request);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect.poll(() => cachedStaffCode(page), { timeout: 20_000 }).toEqual([...staffCode.urls].sort());
  expect(await staffCaches(page)).toEqual([STAFF_CACHE]);

  // Sign-out (from the public page's menu): the staff code leaves the device.
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => staffCaches(page)).toEqual([]);
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
  expect(seen.filter((r) => r.byWorker).length).toBeGreaterThan(10);
  expect(staffRequests(seen)).toEqual([]);
  expect(await staffCaches(page)).toEqual([]);
});
