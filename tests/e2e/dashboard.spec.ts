import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { deviceAddress, waitForServiceWorker } from './support';

const ASSOCIATE = '08010000003';
// This file's journeys play one device (support.ts `deviceAddress`).
const headers = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };

type ShiftView = {
  id: string;
  workingNow: boolean;
  endedAt: string | null;
  closingCash: number | null;
  openingFloat: number;
};

/**
 * Signs the context in as the sales associate through the API (login, the code from the sandbox
 * outbox, confirm): the cookies land in the context as after the sign-in screens.
 */
async function signInAsAssociate(request: APIRequestContext) {
  const international = `234${ASSOCIATE.slice(1)}`;
  const before = (await (await request.get(`/api/dev/outbox?to=${international}`)).json()).messages.length as number;
  const login = await request.post('/api/auth/login', { data: { phoneNumber: international }, headers });
  expect(login.ok(), await login.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/api/dev/outbox?to=${international}`)).json()) as {
        messages: { body: string }[];
      };
      if (messages.length <= before) return '';
      code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const confirm = await request.post('/api/auth/opt_confirmation', {
    data: { optCode: code, mobileNumber: ASSOCIATE },
    headers,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

async function myShiftsToday(request: APIRequestContext): Promise<ShiftView[]> {
  const res = await request.get('/api/shift/today');
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The page is controlled by the worker, so its shift calls go through the queue. */
async function waitUntilControlled(page: Page) {
  expect(await waitForServiceWorker(page)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('a shift ended offline syncs exactly once after a reload', async ({ page, context }) => {
  await signInAsAssociate(context.request);
  const active = (await (await context.request.get('/api/shift/active')).json()) as { shift: ShiftView | null };
  if (active.shift) {
    await context.request.post('/api/shift/end', { data: { closingCash: 0 }, headers });
  }
  const shiftsBefore = (await myShiftsToday(context.request)).length;

  // Without a shift the guard sends the associate to the shift page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/shift$/);
  await waitUntilControlled(page);
  await expect(page.getByRole('heading', { name: 'You are not on a shift' })).toBeVisible();

  await page.getByLabel('Opening float (cash in the drawer)').fill('5000');
  const started = page.waitForResponse((r) => r.url().endsWith('/api/shift/start') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Start shift' }).click();
  expect((await started).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'You are on shift' })).toBeVisible();

  // The network goes: the end is queued, shown as pending, and the shift counts as ended.
  await context.setOffline(true);
  await page.getByLabel('Cash counted in the drawer').fill('5000');
  await page.getByRole('button', { name: 'End shift' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting to sync' })).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are not on a shift' })).toBeVisible();

  // A reload while offline keeps the queued end.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Waiting to sync' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are not on a shift' })).toBeVisible();

  // Back online: the worker replays, the pending mark clears, the server has one ended shift.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Waiting to sync' })).toBeHidden({ timeout: 20_000 });
  const shifts = await myShiftsToday(context.request);
  expect(shifts).toHaveLength(shiftsBefore + 1);
  const [latest] = shifts;
  expect(latest).toMatchObject({ workingNow: false, openingFloat: 500_000, closingCash: 500_000 });
  expect((await (await context.request.get('/api/shift/active')).json()).shift).toBeNull();
  // A second end now answers a clear refusal: nothing was left to replay twice.
  const again = await context.request.post('/api/shift/end', { data: { closingCash: 500_000 }, headers });
  expect(again.status()).toBe(409);
});
