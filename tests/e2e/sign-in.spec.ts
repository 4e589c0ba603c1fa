import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { e2eBaseUrl } from '../../playwright.config';
import { type RunningServer, startServer } from './server';
import { deviceAddress, freshPhone, platformHeaders } from './support';

// Sign-in as clients meet it: a phone at 360 px on a first visit (the service worker still
// installing), a code typed at a brisk pace, a number pasted as people write it down, and the
// page they land on afterwards.

const phone360 = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

type Outbox = { messages: { to: string; body: string; createdAt: string }[] };

async function outbox(request: APIRequestContext, phone: string): Promise<Outbox['messages']> {
  const res = await request.get(`/api/dev/outbox?to=${phone}`);
  return ((await res.json()) as Outbox).messages;
}

/** The code of the newest SMS to `phone` sent after `notBefore`. */
async function codeFor(request: APIRequestContext, phone: string, notBefore: string | null): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const [latest] = await outbox(request, phone);
      if (!latest || (notBefore && latest.createdAt <= notBefore)) return '';
      code = latest.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

const lastSentAt = async (request: APIRequestContext, phone: string) =>
  (await outbox(request, phone))[0]?.createdAt ?? null;

/** Signs a number up through the API only (another cookie jar than the page's). */
async function registerByApi(request: APIRequestContext, prefix: string): Promise<string> {
  const phone = freshPhone(prefix);
  const signup = await request.post('/api/auth/signup', { headers: platformHeaders, data: { phoneNumber: phone } });
  expect(signup.ok(), await signup.text()).toBe(true);
  return phone;
}

async function typeCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/auth\/verification\/mobile$/);
  await page.getByLabel('One-time code').click();
  await page.keyboard.type(code, { delay: 80 });
}

/** Login with a number typed, then the code from the outbox typed at 80 ms a key, then Verify. */
async function signIn(page: Page, phone: string, from?: string) {
  if (from) {
    await page.goto(from);
    await expect(page).toHaveURL(/\/login$/);
  } else await page.goto('/login');
  const before = await lastSentAt(page.request, phone);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFor(page.request, phone, before);
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('first visits on a phone', () => {
  let server: RunningServer;
  // Several sign-ins from one address in a minute: a world of its own, so the other journeys' sends
  // do not count against the per-address limits.
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  // The code entry is one field, so no key depends on focus moving in time; first visits in a row
  // (the worker installing while the code is typed) check that it stays so.
  const VISITS = 5;
  test('five first visits in a row: the code typed at 80 ms a key always lands whole', async ({ browser }) => {
    test.setTimeout(120_000);
    const results: string[] = [];
    for (let run = 0; run < VISITS; run++) results.push(await firstVisitSignUp(browser, server.url, run));
    expect(results).toEqual(Array.from({ length: VISITS }, () => 'signed in on /products'));
  });
});

/** One fresh browser (no service worker, no cache): sign up, type the code, land. */
async function firstVisitSignUp(browser: Browser, baseURL: string, run: number): Promise<string> {
  const context = await browser.newContext({ ...phone360, baseURL });
  try {
    const page = await context.newPage();
    const phone = freshPhone(`081${run}`);
    await page.goto('/signup');
    // A first visit: nothing controls the page yet; the worker installs while the client signs up.
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = await codeFor(page.request, phone, null);
    await typeCode(page, code);
    const typed = await page.getByLabel('One-time code').inputValue();
    if (typed !== code) return `run ${run}: typed ${code}, the boxes hold "${typed}"`;
    await expect(page.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/products$/);
    return 'signed in on /products';
  } finally {
    await context.close();
  }
}

test.describe('on a phone', () => {
  test.use(phone360);

  test('a number pasted as people write it is read as its local form, and the code goes to it', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const write of [
      (n: string) => `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`,
      (n: string) => `+234 ${n.slice(1, 4)} ${n.slice(4, 7)} ${n.slice(7)}`,
      (n: string) => `234${n.slice(1)}`,
      (n: string) => `(${n.slice(0, 4)}) ${n.slice(4, 7)}-${n.slice(7)}`,
    ]) {
      const phone = await registerByApi(request, '0815');
      const pasted = write(phone);
      const before = await lastSentAt(request, phone);
      await page.goto('/login');
      const field = page.getByLabel('Mobile number');
      await field.click();
      // A real paste: the text goes to the system clipboard and Ctrl+V puts it in the field.
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await page.keyboard.press('ControlOrMeta+V');
      await expect(field, `pasted "${pasted}"`).toHaveValue(phone);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/auth\/verification\/mobile$/);
      await expect(page.getByText(`we sent to ${phone}`)).toBeVisible();
      expect(await codeFor(request, phone, before)).toMatch(/^\d{6}$/);
    }

    // Text that would have to be cut to fit is refused whole, never read as another number.
    await page.goto('/login');
    const field = page.getByLabel('Mobile number');
    await field.click();
    await page.evaluate(() => navigator.clipboard.writeText('0801 000 0002 7'));
    await page.keyboard.press('ControlOrMeta+V');
    await expect(field).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('a first visit to /login runs the form without the app; the app comes with the code screen', async ({
    page,
    request,
  }) => {
    const appCode = (url: string) => /\/assets\/(entry-client|index)-[^/]+\.js$/.test(url);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    const phone = await registerByApi(request, '0818');
    await page.goto('/login');
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    // Nothing of the app until the form is used; then the code screen's code is fetched ahead.
    expect(fetched.filter(appCode)).toEqual([]);
    const field = page.getByLabel('Mobile number');
    await field.click();
    await page.keyboard.type(phone.slice(0, 5), { delay: 120 });
    await expect(field).toHaveValue(phone.slice(0, 5));
    await expect.poll(() => fetched.filter(appCode).length).toBeGreaterThan(0);
    // A reload in the middle of the form: the form still works, and still without the app.
    await page.reload();
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(page.locator('script[src*="/assets/entry-client-"]')).toHaveCount(0);
    await field.fill('');
    await field.click();
    await page.keyboard.type(`${phone.slice(0, 4)} ${phone.slice(4)}x`, { delay: 100 });
    await expect(field).toHaveValue(phone);
    const before = await lastSentAt(request, phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/auth\/verification\/mobile$/);
    await expect(page.getByText(`we sent to ${phone}`)).toBeVisible();
    await typeCode(page, await codeFor(request, phone, before));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('sent to login from the wallet, a reload of the login page still returns to the wallet', async ({
    page,
    request,
  }) => {
    const phone = await registerByApi(request, '0819');
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    // The reloaded page is the prerendered one: its form runs on its own, without the app.
    await expect(page.locator('script[src*="/assets/entry-client-"]')).toHaveCount(0);
    const before = await lastSentAt(request, phone);
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Continue' }).click();
    await typeCode(page, await codeFor(request, phone, before));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
  });

  test("Enter pressed before the form's script runs: the number comes back in the field, and no code goes until Continue", async ({
    page,
    request,
  }) => {
    const phone = await registerByApi(request, '0816');
    const before = await lastSentAt(request, phone);
    // A slow network: the page's scripts are held until the number is sent.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => {}); // the first page's requests end with it
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const field = page.getByLabel('Mobile number');
    await field.click();
    await page.keyboard.type(`+234 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`, { delay: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login\?mobileNumber=/);
    release();
    await page.unroute(/\/assets\/.+\.js$/);
    // The form's script reads the number back and takes it out of the address (and the history).
    await expect(field).toHaveValue(phone);
    await expect(page).toHaveURL(/\/login$/);
    const cont = page.getByRole('button', { name: 'Continue' });
    await expect(cont).toBeFocused();
    expect(await lastSentAt(request, phone)).toBe(before);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/verification\/mobile$/);
    await expect(page.getByText(`we sent to ${phone}`)).toBeVisible();
    expect(await codeFor(request, phone, before)).toMatch(/^\d{6}$/);
  });

  test('a paste event carrying the number works the same (DataTransfer)', async ({ page }) => {
    await page.goto('/login');
    // A synthetic paste inserts nothing by itself: it is read once the form's script runs.
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    const field = page.getByLabel('Mobile number');
    await field.focus();
    await field.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', '+234 801 000 0002');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(field).toHaveValue('08010000002');
  });

  test('after the code: the page asked for, else the orders, else the products; staff on the dashboard', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const session = async () => {
      const context = await browser.newContext({
        ...phone360,
        baseURL: e2eBaseUrl(),
        extraHTTPHeaders: { 'x-forwarded-for': deviceAddress() },
      });
      return { context, page: await context.newPage() };
    };

    // A visitor sent to login from the wallet comes back to the wallet.
    {
      const { context, page } = await session();
      await signIn(page, await registerByApi(request, '0816'), '/wallet');
      await expect(page).toHaveURL(/\/wallet$/);
      await context.close();
    }

    // A client with an order lands on their order history.
    {
      const { context, page } = await session();
      const phone = await registerByApi(request, '0817');
      await signIn(page, phone);
      await expect(page).toHaveURL(/\/products$/);
      const products = await page.request.get('/api/product/');
      const gas = ((await products.json()) as { products: { id: string; type: string }[] }).products.find(
        (p) => p.type === 'Gas',
      );
      const order = await page.request.post('/api/order/new', {
        headers: { ...platformHeaders, 'Idempotency-Key': `landing-${phone}` },
        data: { type: 'Gas', items: [{ productId: gas?.id, quantity: 5, sizeKg: 12.5 }], deliveryOption: 'PickerUP' },
      });
      expect(order.status(), await order.text()).toBe(201);
      await context.clearCookies();
      await signIn(page, phone);
      await expect(page).toHaveURL(/\/order\/history$/);
      await context.close();
    }

    // Staff land on the dashboard (which then asks for a shift when none is open).
    {
      const { context, page } = await session();
      await signIn(page, '08010000003');
      await expect(page).toHaveURL(/\/dashboard(\/shift)?$/);
      await context.close();
    }
  });
});
