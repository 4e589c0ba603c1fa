import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { deviceAddress, holdAppCode, signInByApi, waitForServiceWorker } from './support';

// A home delivery with three devices: the dispatcher's tablet (1024 px) assigns the paid order to
// the demo rider; the rider's phone (360 px) moves it along, sharing where it is; the client's
// phone (360 px) shows each step live on the order page, without a reload.

// This file's journeys play one device (support.ts `deviceAddress`).
const headers = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };
const ASSOCIATE = '08010000003';
const RIDER = '08010000004';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
/** About 1 km from the client's address in Yaba. */
const RIDER_POSITION = { latitude: 6.518, longitude: 3.3711 };
const SHOTS = process.env.DISPATCH_SHOTS_DIR;

function freshNumber(): string {
  const tail = String((Date.now() + Math.floor(Math.random() * 100_000)) % 10_000_000).padStart(7, '0');
  return `0818${tail}`;
}

const signIn = (request: APIRequestContext, phone: string, mode: 'signup' | 'login') =>
  signInByApi(request, phone, mode, headers);

async function onShift(request: APIRequestContext) {
  const active = (await (await request.get('/api/shift/active')).json()) as { shift: unknown };
  if (!active.shift) {
    const started = await request.post('/api/shift/start', { headers, data: { openingFloat: 0 } });
    expect(started.ok(), await started.text()).toBe(true);
  }
}

/** A paid home-delivery order to Yaba: placed, paid in the sandbox checkout through its API. */
async function paidDeliveryOrder(request: APIRequestContext): Promise<{ orderNumber: string; id: string }> {
  const { products } = (await (await request.get('/api/product/')).json()) as {
    products: { id: string; type: string }[];
  };
  const burner = products.find((p) => p.type === 'Burner');
  if (!burner) throw new Error('no burner in the catalogue');
  const placed = await request.post('/api/order/new', {
    headers,
    data: {
      type: 'Product',
      items: [{ productId: burner.id, quantity: 1 }],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'oneWay',
      address: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { orderNumber: string; id: string };
  const checkout = await request.post('/api/payment/initiate/order', {
    headers,
    data: { orderNumber: order.orderNumber },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { accessCode, paymentNumber } = (await checkout.json()) as { accessCode: string; paymentNumber: string };
  expect((await request.post(`/sandbox/checkout/${accessCode}/pay`, { headers })).ok()).toBe(true);
  await expect
    .poll(async () => {
      await request.get(`/api/payment/verify/${paymentNumber}`);
      return ((await (await request.get(`/api/order/${order.orderNumber}`)).json()) as { status: string }).status;
    })
    .toBe('Paid');
  return order;
}

async function device(browser: Browser, kind: 'phone' | 'tablet', geolocation?: typeof RIDER_POSITION) {
  const context: BrowserContext = await browser.newContext(
    kind === 'phone'
      ? {
          viewport: { width: 360, height: 780 },
          userAgent: ANDROID_UA,
          hasTouch: true,
          isMobile: true,
          ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
        }
      : { viewport: { width: 1024, height: 768 }, hasTouch: true },
  );
  return { context, page: await context.newPage() };
}

/**
 * axe in the light and the dark scheme, at this width and the other one (only `include` when given);
 * a screenshot of each when asked.
 */
async function checkScreen(page: Page, name: string, include?: string) {
  const start = page.viewportSize() ?? { width: 1024, height: 768 };
  for (const width of [start.width, start.width === 360 ? 1024 : 360]) {
    await page.setViewportSize({ width, height: start.height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      const builder = new AxeBuilder({ page });
      const axe = await (include ? builder.include(include) : builder).analyze();
      expect(
        axe.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
        ),
        `${name} at ${width} px, ${colorScheme}`,
      ).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(start);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a paid delivery is assigned on the tablet, moved along on the rider’s phone, and followed live by the client', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const client = await device(browser, 'phone');
  const tablet = await device(browser, 'tablet');
  const rider = await device(browser, 'phone', RIDER_POSITION);
  try {
    // The client, a paid home-delivery order, and its page open on the phone.
    await signIn(client.context.request, freshNumber(), 'signup');
    const order = await paidDeliveryOrder(client.context.request);
    await client.page.goto(`/order/${order.orderNumber}`);
    const progress = client.page.getByRole('region', { name: 'Delivery' });
    await expect(progress.getByText('Waiting for a rider')).toBeVisible();
    await expect(progress.getByText('We will assign a rider soon.')).toBeVisible();

    // The dispatcher's tablet: the order waits on the board; the rider is chosen and assigned.
    await signIn(tablet.context.request, ASSOCIATE, 'login');
    await onShift(tablet.context.request);
    await tablet.page.goto('/dashboard/dispatch');
    await expect(tablet.page.getByRole('heading', { name: 'Dispatch', level: 1 })).toBeVisible();
    const waiting = tablet.page.getByRole('region', { name: 'Waiting for a rider' });
    const card = waiting.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await expect(card).toBeVisible();
    await checkScreen(tablet.page, 'dispatch-board');
    await card.getByPlaceholder('Choose a rider').click();
    await tablet.page.getByRole('option', { name: /^Musa Ibrahim/ }).click();
    await card.getByRole('button', { name: 'Assign' }).click();
    const onTheRoad = tablet.page.getByRole('region', { name: 'On the road' });
    const assigned = onTheRoad.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await expect(assigned.getByText('Rider assigned')).toBeVisible();
    await expect(assigned.getByText('Musa Ibrahim')).toBeVisible();
    await checkScreen(tablet.page, 'dispatch-board-assigned');

    // The client sees it at once, without a reload.
    await expect(progress.getByText('Your rider: Musa')).toBeVisible();
    await expect(progress.getByText('Rider assigned').first()).toBeVisible();

    // The rider's phone: their delivery, the client to call, the map; each step moves the client's page.
    await signIn(rider.context.request, RIDER, 'login');
    await onShift(rider.context.request);
    await rider.page.goto('/dashboard/deliveries');
    await expect(rider.page.getByRole('heading', { name: 'My deliveries', level: 1 })).toBeVisible();
    const mine = rider.page.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await expect(mine.getByRole('link', { name: 'Call client', exact: true })).toHaveAttribute(
      'href',
      /^tel:\+234818\d{7}$/,
    );
    // Thumb-sized on the phone: every button of the rider's card is at least 44 px high and wide.
    for (const box of await Promise.all(
      (await mine.locator('a.mantine-Button-root, button').all()).map((b) => b.boundingBox()),
    )) {
      expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await expect(mine.getByRole('link', { name: 'Open map', exact: true })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
    );
    await checkScreen(rider.page, 'rider');
    // Let the phone report where it is before the first step (it never holds a step back).
    await rider.page.evaluate(
      () => new Promise((resolve) => navigator.geolocation.getCurrentPosition(resolve, resolve, { timeout: 5000 })),
    );

    // Each step shows on the client's page with its time, one more each time.
    const times = progress.locator('time');
    await expect(times).toHaveCount(1);
    await mine.getByRole('button', { name: 'Collected the burner' }).click();
    await expect(progress.getByText('Rider collected your burner').first()).toBeVisible();
    await expect(times).toHaveCount(2);
    await mine.getByRole('button', { name: 'In transit', exact: true }).click();
    await expect(times).toHaveCount(3);
    await expect(progress.getByText('On the way').first()).toBeVisible();
    await expect(progress.getByText(/About 0\.9 km away in a straight line/)).toBeVisible();
    // Only the new Delivery card: the rest of the order page is not this journey's (see the report).
    await checkScreen(client.page, 'client-delivery', 'section[aria-labelledby="delivery-title"]');

    // A problem, then back on the road, then delivered: each shows on the client's page.
    await mine.getByRole('button', { name: 'Problem', exact: true }).click();
    await mine.getByRole('button', { name: "Can't locate the client" }).click();
    await expect(progress.getByText('Rider could not find the address').first()).toBeVisible();
    await expect(times).toHaveCount(4);
    await mine.getByRole('button', { name: 'Back on the road' }).click();
    await expect(times).toHaveCount(5);
    // Delivered only with the client's delivery code, from their order page, typed as read out.
    const codeCard = client.page.getByRole('region', { name: 'Delivery code' });
    const deliveryCode = (await codeCard.getByText(/^[A-Z0-9]{6}$/).textContent()) ?? '';
    expect(deliveryCode).toMatch(/^[A-Z0-9]{6}$/);
    await expect(mine.getByRole('button', { name: 'Delivered', exact: true })).toBeDisabled();
    await mine.getByLabel("Client's delivery code").pressSequentially(deliveryCode.toLowerCase(), { delay: 40 });
    await expect(mine.getByLabel("Client's delivery code")).toHaveValue(deliveryCode);
    await checkScreen(rider.page, 'rider-code', 'article');
    await mine.getByRole('button', { name: 'Delivered', exact: true }).click();
    await expect(times).toHaveCount(6);
    await expect(progress.getByText('Delivered').first()).toBeVisible();
    await expect(
      rider.page.getByRole('region', { name: 'Done today' }).getByText(order.orderNumber, { exact: false }),
    ).toBeVisible();

    // The board shows it finished today.
    await tablet.page.reload();
    await expect(
      tablet.page
        .getByRole('region', { name: 'Finished today' })
        .getByRole('article', { name: `Delivery ${order.orderNumber}` }),
    ).toBeVisible();
  } finally {
    await Promise.all([client.context.close(), tablet.context.close(), rider.context.close()]);
  }
});

test("a tablet's first opening draws the board from the network before the app; a rider is assigned through the app", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const client = await device(browser, 'phone');
  const tablet = await device(browser, 'tablet');
  try {
    await signIn(client.context.request, freshNumber(), 'signup');
    const order = await paidDeliveryOrder(client.context.request);
    await signIn(tablet.context.request, ASSOCIATE, 'login');
    await onShift(tablet.context.request);
    const listed = (
      (await (await tablet.context.request.get('/api/delivery/board', { headers })).json()) as {
        deliveries: { status: string }[];
      }
    ).deliveries.filter((d) => ['Pending', 'Rejected'].includes(d.status)).length;

    // A fresh tablet (no worker, no copies) on a network where the app's code is slow: held until
    // released, so what is drawn meanwhile is the view's, from the board the page read as it started.
    const appCode = await holdAppCode(tablet.context);
    // Whether a loading frame showed between the view's board and the app's (it must not).
    await tablet.context.addInitScript(() => {
      let viewSeen = false;
      const observer = new MutationObserver(() => {
        viewSeen ||= document.querySelector('[data-board-view]') !== null;
        if (!viewSeen || !document.querySelector('#main [aria-busy="true"]')) return;
        observer.disconnect();
        document.documentElement.dataset.loadingAfterView = '';
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
    await tablet.page.goto('/dashboard/dispatch');
    await expect(tablet.page.locator('html')).toHaveAttribute('data-app-ready', '');
    const view = tablet.page.locator('[data-board-view]');
    await expect(view.getByRole('heading', { name: 'Dispatch', level: 1 })).toBeVisible();
    const waiting = tablet.page.getByRole('region', { name: 'Waiting for a rider' });
    await expect(view.getByRole('region', { name: 'Waiting for a rider' }).getByRole('article')).toHaveCount(listed);
    const card = waiting.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await expect(view.getByRole('article', { name: `Delivery ${order.orderNumber}` })).toBeVisible();
    // Its rider's choice is the app's: tapped here, it opens in the app once the app has drawn.
    if (SHOTS) await tablet.page.screenshot({ path: `${SHOTS}/dispatch-board-view.png` });
    await card.getByPlaceholder('Choose a rider').click();
    await expect.poll(appCode.asked).toBe(true);

    appCode.release();
    await expect(view).toHaveCount(0);
    await expect(waiting.getByRole('article')).toHaveCount(listed);
    await expect(tablet.page.locator('html')).not.toHaveAttribute('data-loading-after-view');
    if (SHOTS) await tablet.page.screenshot({ path: `${SHOTS}/dispatch-board-app.png` });
    await expect(tablet.page.getByRole('option', { name: /^Musa Ibrahim/ })).toBeVisible();
    await tablet.page.getByRole('option', { name: /^Musa Ibrahim/ }).click();
    await card.getByRole('button', { name: 'Assign' }).click();
    const assigned = tablet.page
      .getByRole('region', { name: 'On the road' })
      .getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await expect(assigned.getByText('Rider assigned')).toBeVisible();
    await expect(assigned.getByText('Musa Ibrahim')).toBeVisible();
    await appCode.done();
  } finally {
    await Promise.all([client.context.close(), tablet.context.close()]);
  }
});

test('a rider without a network: the steps wait on the phone, reach the server once in order when it is back, and the client sees them then', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const client = await device(browser, 'phone');
  const rider = await device(browser, 'phone', RIDER_POSITION);
  const desk = await browser.newContext();
  try {
    await signIn(client.context.request, freshNumber(), 'signup');
    const order = await paidDeliveryOrder(client.context.request);
    const deliveryId = (
      (await (await client.context.request.get(`/api/delivery/order/${order.id}`)).json()) as {
        id: string;
      }
    ).id;
    // The dispatcher assigns it to the demo rider.
    await signIn(desk.request, ASSOCIATE, 'login');
    await onShift(desk.request);
    const assigned = await desk.request.put(`/api/delivery/assign/${deliveryId}`, {
      headers,
      data: { carrierPhone: RIDER, replacing: null },
    });
    expect(assigned.ok(), await assigned.text()).toBe(true);
    await signIn(rider.context.request, RIDER, 'login');
    await onShift(rider.context.request);
    const stepsOf = async (status: string) => {
      const res = await client.context.request.get(`/api/order/${order.orderNumber}`);
      const events = ((await res.json()) as { events: { status: string }[] }).events;
      return events.filter((e) => e.status === status).length;
    };

    // The phone has the app and its list while online; then the network goes.
    await rider.page.goto('/dashboard/deliveries');
    expect(await waitForServiceWorker(rider.page)).toBe('activated');
    if (!(await rider.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await rider.page.reload();
    await expect.poll(() => rider.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const mine = rider.page.getByRole('article', { name: `Delivery ${order.orderNumber}` });
    await expect(mine.getByRole('button', { name: 'Collected the burner' })).toBeVisible();
    await rider.context.setOffline(true);
    await rider.page.evaluate(() => window.dispatchEvent(new Event('offline')));

    // The header's badges (on shift, offline) fit the phone's width.
    await expect(rider.page.getByText('Offline', { exact: true }).first()).toBeVisible();
    expect(await rider.page.evaluate(() => document.querySelector('header')?.scrollWidth)).toBeLessThanOrEqual(360);
    await mine.getByRole('button', { name: 'Collected the burner' }).click();
    const saved = mine.getByRole('status').filter({ hasText: 'Saved on this phone' });
    await expect(saved).toContainText('Collected the burner at');
    // The next step follows the one waiting; both wait, and the server has neither.
    await mine.getByRole('button', { name: 'In transit', exact: true }).click();
    await expect(saved).toContainText(/Collected the burner at .*, In transit at .*: sent when the network is back/);
    await expect(mine.getByRole('button', { name: 'Delivered', exact: true })).toBeVisible();
    expect([await stepsOf('CarrierPickup'), await stepsOf('InTransit')]).toEqual([0, 0]);
    // A reload without a network keeps them.
    await rider.page.reload();
    await expect(saved).toContainText('In transit at');
    await checkScreen(rider.page, 'rider-waiting', 'article');

    // Back online: sent in order, each once; the phone's list settles.
    await rider.context.setOffline(false);
    await rider.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(saved).toBeHidden({ timeout: 30_000 });
    expect([await stepsOf('CarrierPickup'), await stepsOf('InTransit')]).toEqual([1, 1]);
    await expect(mine.getByRole('button', { name: 'Delivered', exact: true })).toBeVisible();
    // The client's page reads it as the rider's steps.
    await client.page.goto(`/order/${order.orderNumber}`);
    await expect(client.page.getByRole('region', { name: 'Delivery' }).getByText('On the way').first()).toBeVisible();

    // Signed out without a network: the phone is signed out at once (the next person finds no
    // session), and the session ends on the server as soon as the network is back.
    const session = (await rider.context.cookies()).filter((c) => c.name.startsWith('arrive_'));
    await rider.page.goto('/');
    await rider.context.setOffline(true);
    await rider.page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await rider.page.getByRole('button', { name: 'Open menu' }).click();
    // Logout loads the home again (it is already at /: wait for that load, not for the address).
    const homeAgain = rider.page.waitForEvent('load');
    await rider.page.getByRole('menuitem', { name: 'Logout' }).click();
    await homeAgain;
    await expect(rider.page).toHaveURL(/\/$/);
    // The home's script is running (it tells the worker when the network is back).
    await rider.page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The app's sign-in check says "signed out" at once, though the cookies wait for the server.
    const check = () =>
      rider.page.evaluate(
        async () => (await fetch('/api/auth/cookie_auth', { headers: { 'x-platform': 'web' } })).status,
      );
    expect(await check()).toBe(401);
    await rider.context.setOffline(false);
    await rider.page.evaluate(() => window.dispatchEvent(new Event('online')));
    const oldSession = await browser.newContext();
    try {
      await oldSession.addCookies(session);
      await expect
        .poll(async () => (await oldSession.request.get('/api/auth/cookie_auth', { headers })).status(), {
          timeout: 30_000,
        })
        .toBe(401);
    } finally {
      await oldSession.close();
    }
  } finally {
    await Promise.all([client.context.close(), rider.context.close(), desk.close()]);
  }
});
