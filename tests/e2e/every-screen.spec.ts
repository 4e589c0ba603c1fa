// Every signed-in screen, in light and dark: axe finds nothing on the whole page, and on a phone
// (360 px) every button, link and input is at least 44 × 44 px. The client's screens are seen on a
// phone; the staff's on a 1024 px tablet and on a phone. One signed-in context per person; the
// scheme is switched in place (emulateMedia), so each screen is loaded once.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  deviceAddress,
  expectTapTargets,
  platformHeaders,
  policyViolations,
  signInByApi,
  signUpByApi,
  watchPolicyViolations,
} from './support';

// This file's journeys play one device (support.ts `deviceAddress`).
const headers = { ...platformHeaders, 'x-forwarded-for': deviceAddress() };
const CEO = '08010000001';
const RIDER = '08010000004';
const SHOTS = process.env.EVERY_SCREEN_SHOTS_DIR;

// Up to eight screens a test, each in two schemes at one or two widths with axe: minutes on a busy machine.
test.setTimeout(360_000);

/** Signs a demo staff member in through the API and puts them on a shift. */
async function signInStaff(request: APIRequestContext, phone: string) {
  await signInByApi(request, phone, 'login', headers);
  const active = (await (await request.get('/api/shift/active')).json()) as { shift: unknown };
  if (!active.shift) {
    const started = await request.post('/api/shift/start', { headers, data: { openingFloat: 0 } });
    expect(started.ok(), await started.text()).toBe(true);
  }
}

/** A client with a funded wallet and a pickup order paid from it; answers the order. */
async function clientWithPaidOrder(page: Page): Promise<{ orderNumber: string; id: string }> {
  await signUpByApi(page, '0816');
  const created = await page.request.post('/api/wallet/create', {
    headers: platformHeaders,
    data: { firstname: 'Ada', lastname: 'Obi', email: `ada-${Date.now()}@example.com`, consentGiven: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const client = (await (await page.request.get('/api/wallet/client', { headers: platformHeaders })).json()) as {
    wallet: { virtualAccount: { accountNumber: string } };
  };
  const transfer = await page.request.post('/api/wallet/simulate_transfer', {
    headers: platformHeaders,
    data: { accountNumber: client.wallet.virtualAccount.accountNumber, amount: 5_000_000 },
  });
  expect(transfer.ok(), await transfer.text()).toBe(true);
  const { products } = (await (await page.request.get('/api/product/')).json()) as {
    products: { id: string; type: string; price: number }[];
  };
  const burner = products.filter((p) => p.type === 'Burner').sort((a, b) => a.price - b.price)[0];
  if (!burner) throw new Error('no burner in the catalogue');
  const placed = await page.request.post('/api/order/new', {
    headers: platformHeaders,
    data: { type: 'Product', items: [{ productId: burner.id, quantity: 1 }], deliveryOption: 'PickerUP' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { orderNumber: string; id: string };
  const paid = await page.request.post('/api/payment/wallet', {
    headers: platformHeaders,
    data: { orderNumber: order.orderNumber },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return order;
}

async function person(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width === 360 ? 740 : 768 },
    hasTouch: true,
    isMobile: width === 360,
  });
  await watchPolicyViolations(context);
  return { context, page: await context.newPage() };
}

/**
 * The screen has drawn its content: the prerendered shell (aria-busy) is gone, there is a
 * first-level heading, and no loader or skeleton is left.
 */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].every((el) => getComputedStyle(el).opacity === '1'),
  );
}

/** Colour transitions started by the scheme or width change have finished (axe reads end colours). */
async function transitionsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** The badges whose words do not fit them (a status read as "NOT…"): their text, then their width. */
function cutBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    // A label a fraction of a pixel narrower than its words already ends in "…" (scrollWidth,
    // a whole number, does not see it): compare the words' own width with the label's.
    [...document.querySelectorAll<HTMLElement>('main .mantine-Badge-label')].flatMap((label) => {
      const words = document.createRange();
      words.selectNodeContents(label);
      const need = words.getBoundingClientRect().width;
      const has = label.getBoundingClientRect().width;
      return label.offsetParent !== null && need > has + 0.01
        ? [`${label.textContent}: ${has.toFixed(2)} of ${need.toFixed(2)} px`]
        : [];
    }),
  );
}

/**
 * Loads a screen once (no Content-Security-Policy violation reported), then at each width and in
 * each scheme: axe on the whole page (0 violations), no status badge cut short and, at 360 px, the tap targets. Failures are collected (soft), so one run lists them all.
 */
async function checkScreen(page: Page, path: string, widths: number[], ready?: (page: Page) => Promise<void>) {
  await page.setViewportSize({ width: widths[0] ?? 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
  await settled(page);
  if (ready) await ready(page);
  expect.soft(await policyViolations(page), `Content-Security-Policy violations on ${path}`).toEqual([]);
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 768 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await transitionsDone(page);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect
        .soft(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `axe on ${path} at ${width} px, ${colorScheme}`,
        )
        .toEqual([]);
      if (colorScheme === 'light') {
        expect.soft(await cutBadges(page), `status badges cut short on ${path} at ${width} px`).toEqual([]);
      }
      if (width === 360 && colorScheme === 'light') {
        await test
          .step(`tap targets on ${path}`, () => expectTapTargets(page))
          .catch((error: Error) => {
            expect.soft(error.message, `tap targets on ${path}`).toBe('');
          });
      }
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        const name = path.replace(/^\//, '').replace(/[/]/g, '-') || 'home';
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
      }
    }
  }
}

// Three people's screens in three tests, which the two browser workers share between them.
test.describe.configure({ mode: 'parallel' });

/** The staff's screens, on the counter's tablet and on a phone. */
const staffScreens = (order: { id: string }) => [
  '/dashboard',
  '/dashboard/orders',
  `/dashboard/orders/detail/${order.id}`,
  '/dashboard/sales',
  '/dashboard/update-data',
  '/dashboard/staff/create',
  '/dashboard/pickup',
  '/dashboard/shift',
  '/dashboard/sell',
  '/dashboard/drawers',
  '/dashboard/dispatch',
  '/dashboard/leads',
  '/dashboard/payment-problems',
  '/dashboard/audit',
  '/dashboard/centers',
  '/dashboard/transfers',
];

test("every client's screen passes axe in light and dark, with 44 px tap targets on a phone", async ({ browser }) => {
  const client = await person(browser, 360);
  try {
    const order = await clientWithPaidOrder(client.page);
    const phone = [360];
    await checkScreen(client.page, '/products', phone);
    await checkScreen(client.page, '/wallet', phone, (page) =>
      expect(page.getByTestId('wallet-balance')).toBeVisible(),
    );
    await checkScreen(client.page, '/order/history', phone, (page) =>
      expect(page.getByText(order.orderNumber).first()).toBeVisible(),
    );
    await checkScreen(client.page, `/order/${order.orderNumber}`, phone, (page) =>
      expect(page.getByText(/^Placed .* · Payment number /)).toBeVisible(),
    );
    await checkScreen(client.page, `/order/${order.orderNumber}/receipt`, phone, (page) =>
      expect(page.getByText('Paid with')).toBeVisible(),
    );
    await checkScreen(client.page, '/pickup', phone, (page) =>
      expect(page.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible(),
    );
    await checkScreen(client.page, '/profile', phone);
    await checkScreen(client.page, '/settings', phone);
  } finally {
    await client.context.close();
  }
});

for (const [part, pick] of [
  ['first', (_: string, i: number) => i % 2 === 0],
  ['second', (_: string, i: number) => i % 2 === 1],
] as const) {
  test(`every staff screen (${part} half) passes axe in light and dark, with 44 px tap targets on phones`, async ({
    browser,
  }) => {
    const client = await person(browser, 360);
    const ceo = await person(browser, 1024);
    const rider = await person(browser, 1024);
    try {
      const order = await clientWithPaidOrder(client.page);
      await signInStaff(ceo.context.request, CEO);
      for (const path of staffScreens(order).filter(pick)) {
        await checkScreen(ceo.page, path, [1024, 360]);
      }
      if (part === 'second') {
        await signInStaff(rider.context.request, RIDER);
        await checkScreen(rider.page, '/dashboard/deliveries', [1024, 360]);
      }
    } finally {
      await client.context.close();
      await ceo.context.close();
      await rider.context.close();
    }
  });
}
