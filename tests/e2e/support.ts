import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import config, { e2eBaseUrl } from '../../playwright.config';

/**
 * A browser context with a real profile on disk: installability and some storage behave like a
 * user's browser there, unlike Playwright's default incognito-like contexts.
 */
export async function launchProfileContext(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arrive-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...config.use?.launchOptions,
    baseURL: e2eBaseUrl(),
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the page's service worker has reached the activated state. */
export async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return 'none';
    if (worker.state === 'activated') return worker.state;
    return new Promise<string>((resolve) => {
      worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(worker.state));
    });
  });
}

/** One role's code, as the build lists it (vite.config.ts writes the lists next to the build). */
const codeList = (file: string) =>
  JSON.parse(readFileSync(`dist/${file}`, 'utf8')) as { version: string; urls: string[] };

/** The signed-in app's code. */
export const appCode = codeList('app-code.json');
export const APP_CACHE = `arrive-app-v${appCode.version}`;

/** What the worker has saved in one of its caches on this device, by path, sorted. */
export async function cachedCode(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
  }, cacheName);
}

/** What the worker has saved of the signed-in app's code on this device, sorted. */
export const cachedAppCode = (page: Page) => cachedCode(page, APP_CACHE);

/** The first views' code and the client's screens' pages (the shop, the history without the app). */
export const viewsCode = codeList('views-code.json');
export const VIEWS_CACHE = `arrive-views-v${viewsCode.version}`;

/** Waits until the worker has saved the first views, which a client's sign-in brings to the device. */
export async function waitForViews(page: Page): Promise<void> {
  await expect.poll(() => cachedCode(page, VIEWS_CACHE), { timeout: 30_000 }).toEqual([...viewsCode.urls].sort());
}

/** The staff code and the staff views' pages. */
export const staffCode = codeList('staff-code.json');
export const STAFF_CACHE = `arrive-staff-v${staffCode.version}`;

/**
 * Waits until the worker has saved the staff code, which it fetches after the app's at a staff
 * sign-in: the counter's, the board's and the shift screen's pages come with it, so until then a
 * staff tablet's reload is answered by the app, not by those screens' first views.
 */
export async function waitForStaffCode(page: Page): Promise<void> {
  await expect.poll(() => cachedCode(page, STAFF_CACHE), { timeout: 30_000 }).toEqual([...staffCode.urls].sort());
}

/**
 * Waits until the worker has saved the whole signed-in app's code, which it fetches in the
 * background once the app runs on a signed-in device (a first view alone brings none of it). A device that goes offline before that cannot open a screen whose
 * code it never loaded, and says so ("This screen needs a connection the first time it opens"):
 * a journey that means to test the saved copies waits for this first, as a phone left on a while.
 */
export async function waitForAppCode(page: Page): Promise<void> {
  await expect.poll(() => cachedAppCode(page), { timeout: 30_000 }).toEqual([...appCode.urls].sort());
}

/**
 * The network address of a device of its own (the journey servers trust one proxy hop). Code sends
 * are limited per address and number, as for tablets behind one gas center's router: journeys that
 * sign the same demo staff member in are separate devices, so they do not spend each other's sends.
 */
export function deviceAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** The header every mutating API call sends (a cross-site form or link cannot send it). */
export const platformHeaders = { 'x-platform': 'web' } as const;

/** A phone number nobody has used yet on this server (the prefix keeps journeys apart). */
export function freshPhone(prefix: string): string {
  const tail = String((Date.now() + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, '0');
  return `${prefix}${tail}`;
}

/**
 * Signs a browser context in through the API as a person would: sign up with a fresh number, read
 * the code from the sandbox outbox, confirm it. Answers the number.
 */
export async function signUpByApi(page: Page, prefix: string): Promise<string> {
  const phone = freshPhone(prefix);
  const signup = await page.request.post('/api/auth/signup', {
    headers: platformHeaders,
    data: { phoneNumber: phone },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${phone}`);
      const [latest] = (await res.json()).messages as { body: string }[];
      code = latest?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const confirm = await page.request.post('/api/auth/opt_confirmation', {
    headers: platformHeaders,
    data: { optCode: code, mobileNumber: phone },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  return phone;
}

/**
 * Every visible button, link and input in `main`, the header and any open dialog is at least
 * 44 × 44 px (tap targets on phones). Exempt, as WCAG 2.5.8's inline exception allows: a link
 * inside a sentence (`p a`), whose size is its line of text; and an input a larger visible label or
 * control wraps (Mantine's checkbox/radio/switch input inside its label, and the hidden file input),
 * where the label is what is tapped; an input inside a larger field (a multi-select's search box) is
 * measured as that field.
 */
export async function expectTapTargets(page: Page, scope = 'main, header, [role="dialog"]') {
  const small = await page.evaluate((scope) => {
    const roots = [...document.querySelectorAll<HTMLElement>(scope)];
    const targets = roots.flatMap((root) => [
      ...root.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), [role="button"]'),
    ]);
    return [...new Set(targets)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        if (el.closest('[aria-hidden="true"]')) return false;
        if (el.tagName === 'A' && el.closest('p')) return false;
        if (el.tagName === 'INPUT' && ['checkbox', 'radio', 'file'].includes((el as HTMLInputElement).type))
          return false;
        return true;
      })
      .map((el) => ({
        name: (
          el.getAttribute('aria-label') ||
          el.textContent?.trim() ||
          el.getAttribute('placeholder') ||
          el.tagName
        ).slice(0, 40),
        // The search input of a multi-select sits inside its field: the field is what is tapped.
        box: (
          (el.tagName === 'INPUT' && el.parentElement?.closest('.mantine-Input-input')) ||
          el
        ).getBoundingClientRect(),
      }))
      .filter(({ box }) => box.height < 43.5 || box.width < 43.5)
      .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
  }, scope);
  expect(small).toEqual([]);
}

/**
 * Signs a context in through the API (login or sign-up, the code from the sandbox outbox, confirm).
 * `headers` carry the journey's device address (`deviceAddress`).
 */
export async function signInByApi(
  request: APIRequestContext,
  phone: string,
  mode: 'signup' | 'login',
  headers: Record<string, string>,
) {
  const international = `234${phone.slice(1)}`;
  const outbox = async () =>
    ((await (await request.get(`/api/dev/outbox?to=${international}`)).json()) as { messages: { body: string }[] })
      .messages;
  const before = (await outbox()).length;
  const start = await request.post(`/api/auth/${mode}`, { data: { phoneNumber: international }, headers });
  expect(start.ok(), await start.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const messages = await outbox();
      if (messages.length <= before) return '';
      code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const confirm = await request.post('/api/auth/opt_confirmation', {
    data: { optCode: code, mobileNumber: phone },
    headers,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

/**
 * Records every Content-Security-Policy violation the pages of `target` report (an inline script
 * or style, code built from a string); read them with `policyViolations`.
 */
export async function watchPolicyViolations(target: BrowserContext | Page) {
  await target.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { policyViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** The violations the page has reported since it loaded (watchPolicyViolations). */
export const policyViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? []);

/** The signed-in client's wallet, created, and funded by a transfer through the sandbox when `fundKobo` > 0. */
export async function createWallet(page: Page, fundKobo: number) {
  const created = await page.request.post('/api/wallet/create', {
    headers: platformHeaders,
    data: { firstname: 'Ngozi', lastname: 'Ade', email: `ngozi-${Date.now()}@example.com`, consentGiven: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  if (fundKobo <= 0) return;
  const client = await page.request.get('/api/wallet/client', { headers: platformHeaders });
  const { wallet } = (await client.json()) as { wallet: { virtualAccount: { accountNumber: string } } };
  const transfer = await page.request.post('/api/wallet/simulate_transfer', {
    headers: platformHeaders,
    data: { accountNumber: wallet.virtualAccount.accountNumber, amount: fundKobo },
  });
  expect(transfer.ok(), await transfer.text()).toBe(true);
}

/** Places a pickup order for the cheapest burner through the API; answers its number and total. */
export async function placeBurnerOrder(page: Page): Promise<{ orderNumber: string; total: number }> {
  const catalogue = await page.request.get('/api/product/');
  const { products } = (await catalogue.json()) as { products: { id: string; type: string; price: number }[] };
  const burner = products.filter((p) => p.type === 'Burner').sort((a, b) => a.price - b.price)[0];
  if (!burner) throw new Error('no burner in the catalogue');
  const res = await page.request.post('/api/order/new', {
    headers: platformHeaders,
    data: { type: 'Product', items: [{ productId: burner.id, quantity: 1 }], deliveryOption: 'PickerUP' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { orderNumber: string; total: number };
}

/**
 * Holds the app's code (its framework chunk) on the network until released: what the page draws
 * meanwhile is a screen's first view (the counter's, the dispatch board's, the shift screen's). `asked` says the page has asked for it.
 */
export async function holdAppCode(context: BrowserContext) {
  const chunk = /\/assets\/framework-[^/]*\.js$/;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await context.route(chunk, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked, done: () => context.unroute(chunk) };
}

/**
 * Call before the page navigates: resolves once its live channel has heard from the server, so
 * the server counts the device as connected (a counter asks a connected phone at once).
 */
export function liveChannelOpened(page: Page): Promise<void> {
  return page
    .waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'))
    .then((socket) => socket.waitForEvent('framereceived'))
    .then(() => undefined);
}
