import { expect, type Page, test } from '@playwright/test';
import { createWallet, placeBurnerOrder, platformHeaders, signUpByApi } from './support';

/** Sums the page's layout shifts (as CLS counts them: none right after an input) from its start. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number };
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);

/** Where the screen's headings and controls are (text, top, left, height), to compare two drawings of it. */
const landmarks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#main h1, #main h2, #main button, #main a, #main table')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        return { text, top: Math.round(box.top), left: Math.round(box.left), height: Math.round(box.height) };
      }),
  );

test.describe('app screens paint from their HTML, then the app takes over', () => {
  test('an app screen answers its shell: the header and the screen title, without JavaScript', async ({
    request,
    browser,
  }) => {
    for (const [path, title] of [
      ['/products', 'Order gas and products'],
      ['/order/history', 'Order history'],
      ['/order/AR-0001', 'Order'],
      ['/wallet', 'Wallet'],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('data-enhance="site-header"');
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      // Neutral until the sign-in is known: neither audience's links are shown.
      expect(html, path).not.toMatch(/data-nav="(visitor|client)"(?![^>]*hidden)/);
    }
    const shift = await (await request.get('/dashboard/shift')).text();
    expect(shift).toMatch(/<h1[^>]*>Shift<\/h1>/);

    // Painted without any script: the title shows, styled by the inline CSS.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/order/history');
    await expect(page.getByRole('heading', { name: 'Order history', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Arrive home' })).toBeVisible();
    expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).fontWeight)).not.toBe('400');
    await context.close();
  });

  test('a signed-in client sees the screen replace its shell without a layout shift', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await recordLayoutShifts(page);
    await signUpByApi(page, '0813');
    await page.goto('/order/history');
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Order history', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // The signed-in menu, not the visitor's, once the check has answered.
    await expect(page.locator('header [data-nav="client"]').first()).not.toHaveAttribute('hidden');
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);

    await page.goto('/products');
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Order gas and products', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  });

  test("the shop answers without the app's code; the app, its toasts with it, comes with the cart's first line", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // The moment the shop's content is drawn, from the page's start.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const heading = [...document.querySelectorAll('h2, h3')].find((h) => h.textContent === 'Gas refill');
        if (heading && document.documentElement.hasAttribute('data-app-ready')) {
          performance.mark('shop-answered');
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await signUpByApi(page, '0813');
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Gas refill' })).toBeVisible();
    const contents = new Map<string, Promise<string>>();
    const textOf = (url: string) => {
      if (!contents.has(url))
        contents.set(
          url,
          page.request.get(url).then((r) => r.text()),
        );
      return contents.get(url) as Promise<string>;
    };
    /** The scripts asked for so far whose code names `marker`. */
    const scriptsNaming = async (marker: string) => {
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({ url: r.name, start: r.startTime })),
      );
      const found = [];
      for (const script of scripts) if ((await textOf(script.url)).includes(marker)) found.push(script);
      return found;
    };
    // Browsing the shelves runs no React and no Mantine: the page is idle without them.
    await page.waitForLoadState('networkidle');
    expect(await scriptsNaming('react.transitional.element')).toEqual([]);
    expect(await scriptsNaming('@mantine/notifications/Notifications')).toEqual([]);
    // The cart's first line brings the checkout: the app takes the page over, the cart kept.
    await page.getByRole('button', { name: 'Add Single burner (cylinder top)' }).click();
    await expect(page.getByRole('radio', { name: 'Pickup at the gas center' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Quantity of Single burner (cylinder top)' })).toHaveValue('1');
    await expect
      .poll(async () => (await scriptsNaming('@mantine/notifications/Notifications')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const answered = await page.evaluate(
      () => performance.getEntriesByName('shop-answered')[0]?.startTime ?? Number.NaN,
    );
    expect(answered).toBeGreaterThan(0);
    const [toasts] = await scriptsNaming('@mantine/notifications/Notifications');
    expect(toasts?.start).toBeGreaterThan(answered);
  });

  test("the wallet answers without the app's code; AddFund brings the app with that tab open", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpByApi(page, '0813');
    const created = await page.request.post('/api/wallet/create', {
      headers: platformHeaders,
      data: { firstname: 'Ada', lastname: 'Obi', email: `ada-${Date.now()}@example.com`, consentGiven: true },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/wallet');
    await expect(page.locator('#root[data-light="wallet"]')).toBeAttached();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
    await expect(
      page.getByText('No transactions yet. Add funds or send a transfer to your account number.'),
    ).toBeVisible();
    // The bank details to transfer into, and back, without the app.
    await page.getByRole('button', { name: 'Show bank details' }).click();
    await expect(page.getByLabel('Bank details')).toContainText('Wema Bank');
    await page.getByRole('button', { name: 'Show wallet number' }).click();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/assets\/(framework|entry-client)-/.test(path))).toEqual([]);
    // Adding funds is the app's: it takes the page over on that tab.
    await page.getByRole('tab', { name: 'AddFund' }).click();
    await expect(page.getByRole('textbox', { name: /Amount/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'AddFund' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/wallet\?tab=add-fund$/);
    expect(scripts.some((path) => /\/assets\/framework-/.test(path))).toBe(true);
  });

  test("an order's page answers without the app's code; a tap on Pay from wallet brings the app, which pays it once", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpByApi(page, '0814');
    await createWallet(page, 1_000_000);
    const { orderNumber, total } = await placeBurnerOrder(page);
    const scripts: string[] = [];
    const payments: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(url.pathname);
      if (request.method() === 'POST' && url.pathname.startsWith('/api/payment/')) payments.push(url.pathname);
    });
    await page.goto(`/order/${orderNumber}`);
    await expect(page.locator('#root[data-light="order"]')).toBeAttached();
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByTitle('Waiting for your payment')).toHaveText('Not Paid');
    await expect(page.getByText('Wallet balance ₦10,000.00')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/assets\/(framework|entry-client)-/.test(path))).toEqual([]);

    // The tap reaches the app: it takes the page over and pays, once, with nothing tapped twice.
    await page.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect(page.getByText('Paid from your wallet.')).toBeVisible();
    await expect(page.getByTestId('pickup-code')).toHaveText(/^[A-Z0-9]{6}$/);
    expect(scripts.some((path) => /\/assets\/framework-/.test(path))).toBe(true);
    expect(payments).toEqual(['/api/payment/wallet']);
    const read = await page.request.get('/api/wallet/client', { headers: platformHeaders });
    const { wallet } = (await read.json()) as { wallet: { balance: number } };
    expect(wallet.balance).toBe(1_000_000 - total);

    // A paid order offers push once, in the app; after "Not now" the view draws paid orders too:
    // opened again, the code to read out at the counter and its QR code, without the app.
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Not now' }).click();
    scripts.length = 0;
    await page.reload();
    await expect(page.locator('#root[data-light="order"]')).toBeAttached();
    await expect(page.getByTitle('Paid: ready for pickup or delivery')).toHaveText('Paid');
    await expect(page.getByAltText(`Pickup QR code for order ${orderNumber}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/assets\/(framework|entry-client)-/.test(path))).toEqual([]);
  });

  test("an order's page stays where it is when the app takes it over", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // Every layout shift as the browser's CLS counts it (a shift within half a second of a tap is
    // the tap's, not the page's), with what moved, to say so when one happens.
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      const w = window as unknown as { __shifts: { value: number; moved: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map(
            (s) =>
              `${s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : s.node?.nodeName}: y ${s.previousRect.y} → ${s.currentRect.y}`,
          );
          w.__shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signUpByApi(page, '0815');
    await createWallet(page, 1_000_000);
    const { orderNumber } = await placeBurnerOrder(page);
    await page.goto(`/order/${orderNumber}`);
    await expect(page.locator('#root[data-light="order"]')).toBeAttached();
    await expect(page.getByText('Wallet balance ₦10,000.00')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const drawnByTheView = await landmarks(page);
    await page.evaluate(() => {
      (window as unknown as { __shifts: unknown[] }).__shifts = [];
    });

    // "Cancel order" hands the page to the app, which asks over it: the page beneath is the app's now.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel this order?' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await landmarks(page)).toEqual(drawnByTheView);
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
    );
    expect(
      shifts.reduce((sum, shift) => sum + shift.value, 0),
      JSON.stringify(shifts, null, 1),
    ).toBe(0);
  });

  test("the shop, the history, the wallet and an order's page go from their shell straight to their content", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // Every loader the screen ever shows, by its name, from the page's start.
    await page.addInitScript(() => {
      const w = window as unknown as { __loaders: string[] };
      w.__loaders = [];
      new MutationObserver(() => {
        for (const loader of document.querySelectorAll('.mantine-Loader-root[aria-label]')) {
          const name = loader.getAttribute('aria-label') ?? '';
          if (!w.__loaders.includes(name)) w.__loaders.push(name);
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await signUpByApi(page, '0812');
    for (const [path, content] of [
      ['/products', page.getByRole('heading', { name: 'Gas refill' })],
      ['/order/history', page.getByText('You have no orders yet.')],
      ['/wallet', page.getByRole('heading', { name: 'Wallet', level: 1 })],
    ] as const) {
      await page.goto(path);
      await expect(content, path).toBeVisible();
      await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const loaders = await page.evaluate(() => (window as unknown as { __loaders: string[] }).__loaders);
      expect(loaders, path).toEqual([]);
    }

    // An order's page (where the receipt and payment texts lead) reads its order with the shell.
    const { orderNumber } = await placeBurnerOrder(page);
    await page.goto(`/order/${orderNumber}`);
    await expect(page.getByText(orderNumber).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __loaders: string[] }).__loaders)).toEqual([]);
  });

  test('the shell is painted before the app code runs, even when that code is already here', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpByApi(page, '0814');
    for (const path of ['/order/history', '/order/history', '/products']) {
      // The second load finds the code in the browser's cache: it is there before the page paints.
      await page.goto(path);
      await expect(page.locator('html[data-app-ready]')).toBeAttached();
      const order = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        code: performance.getEntriesByName('arrive:app-code')[0]?.startTime ?? null,
      }));
      expect(order.paint, path).not.toBeNull();
      expect(order.code, path).not.toBeNull();
      expect(order.paint ?? Number.POSITIVE_INFINITY, path).toBeLessThan(order.code ?? 0);
    }
  });

  test('the sign-in screens are prerendered pages: the form itself, the visitor menu, no app script', async ({
    page,
    request,
  }) => {
    for (const [path, title] of [
      ['/login', 'Log in'],
      ['/signup', 'Create your account'],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html, path).toContain('data-enhance="sign-in-form"');
      expect(html, path).toContain('data-enhance="site-header"');
      expect(html, path).toMatch(/data-nav="visitor"(?![^>]*hidden)/);
      expect(html, path).not.toMatch(/<script[^>]+src=/);
    }
    // The form paints and runs without a layout shift.
    await page.setViewportSize({ width: 360, height: 740 });
    await recordLayoutShifts(page);
    await page.goto('/login');
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    // The header's menu works there, as on every public page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
  });
});
