import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { deviceAddress, liveChannelOpened, signInByApi } from './support';

// The counter journey with two devices: the client's phone shows the QR code and the pickup code;
// the staff's tablet (no camera here, so the code is typed) asks the client to confirm; the client
// approves on the phone; the order is Delivered, once.

// This file's journeys play one device (support.ts `deviceAddress`).
const headers = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };
const CEO = '08010000001';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function freshNumber(): string {
  const tail = String((Date.now() + Math.floor(Math.random() * 100_000)) % 10_000_000).padStart(7, '0');
  return `0817${tail}`;
}

const signIn = (request: APIRequestContext, phone: string, mode: 'signup' | 'login') =>
  signInByApi(request, phone, mode, headers);

/** A paid pickup order: placed, paid in the sandbox checkout through its API, verified. */
async function paidOrder(request: APIRequestContext): Promise<{ orderNumber: string; id: string }> {
  const catalogue = await request.get('/api/product/');
  const { products } = (await catalogue.json()) as { products: { id: string; type: string }[] };
  const burner = products.find((p) => p.type === 'Burner');
  if (!burner) throw new Error('no burner in the catalogue');
  const placed = await request.post('/api/order/new', {
    headers,
    data: { type: 'Product', items: [{ productId: burner.id, quantity: 1 }], deliveryOption: 'PickerUP' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { orderNumber: string; id: string };
  const checkout = await request.post('/api/payment/initiate/order', {
    headers,
    data: { orderNumber: order.orderNumber },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { accessCode, paymentNumber } = (await checkout.json()) as { accessCode: string; paymentNumber: string };
  const paid = await request.post(`/sandbox/checkout/${accessCode}/pay`, { headers });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => {
      await request.get(`/api/payment/verify/${paymentNumber}`);
      return ((await (await request.get(`/api/order/${order.orderNumber}`)).json()) as { status: string }).status;
    })
    .toBe('Paid');
  return order;
}

/** The CEO signed in on the tablet, on a shift (started if none is open). */
async function onShift(request: APIRequestContext) {
  await signIn(request, CEO, 'login');
  const active = (await (await request.get('/api/shift/active')).json()) as { shift: unknown };
  if (active.shift) return;
  const started = await request.post('/api/shift/start', { headers, data: { openingFloat: 0 } });
  expect(started.ok(), await started.text()).toBe(true);
}

async function device(browser: Browser, kind: 'phone' | 'tablet'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    kind === 'phone'
      ? { viewport: { width: 390, height: 844 }, userAgent: ANDROID_UA, hasTouch: true, isMobile: true }
      : { viewport: { width: 1024, height: 768 }, hasTouch: true },
  );
  return { context, page: await context.newPage() };
}

test('a pickup at the counter: the client approves on the phone and the order is Delivered once', async ({
  browser,
}) => {
  const phone = await device(browser, 'phone');
  const tablet = await device(browser, 'tablet');
  try {
    // The client and a paid order.
    await signIn(phone.context.request, freshNumber(), 'signup');
    const order = await paidOrder(phone.context.request);
    const view = await phone.context.request.get(`/api/order/pickup/${order.orderNumber}`);
    const { pickupCode } = (await view.json()) as { pickupCode: string };
    expect(pickupCode).toMatch(/^[A-Z0-9]{4,}$/);

    // The client's Pickup screen: the QR code and the pickup code, and a live connection, opened
    // straight as a WebSocket (no long-polling handshake for a phone on a data plan to pay for).
    const channelRequests: string[] = [];
    phone.page.on('request', (request) => {
      if (request.url().includes('/socket.io/')) channelRequests.push('polling');
    });
    phone.page.on('websocket', (socket) => {
      if (socket.url().includes('/socket.io/')) channelRequests.push('websocket');
    });
    await phone.page.goto('/pickup');
    const card = phone.page.getByRole('article', { name: `Order ${order.orderNumber}` });
    await expect(card.getByRole('img', { name: `QR code for order ${order.orderNumber}` })).toBeVisible();
    await expect(card.getByLabel(`Pickup code ${pickupCode.split('').join(' ')}`)).toHaveText(pickupCode);
    await expect(phone.page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    expect(channelRequests).toEqual(['websocket']);
    const phoneAxe = await new AxeBuilder({ page: phone.page }).analyze();
    expect(phoneAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The staff on a shift, at the counter.
    await onShift(tablet.context.request);
    await tablet.page.goto('/dashboard/pickup');
    await expect(tablet.page.getByRole('heading', { name: 'Pick up', level: 1 })).toBeVisible();

    // No camera on this machine: the counter is told, and types the code.
    await tablet.page.getByRole('button', { name: 'Scan QR code' }).click();
    await expect(tablet.page.getByRole('alert').filter({ hasText: /Type the pickup code/ })).toBeVisible();
    // The request reaches the phone wherever the client is in the app.
    const connected = liveChannelOpened(phone.page);
    await phone.page.goto('/order/history');
    await expect(phone.page.getByRole('link', { name: order.orderNumber })).toBeVisible();
    await connected;
    // Finding the order the client collects themselves asks them at once: no second tap.
    await tablet.page.getByLabel('Pickup code').fill(pickupCode);
    await tablet.page.getByRole('button', { name: 'Find order' }).click();
    await expect(tablet.page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(tablet.page.getByText('Eligibility: Ready for pickup')).toBeVisible();
    await expect(tablet.page.getByText('Waiting for the client to confirm')).toBeVisible();
    await expect(tablet.page.getByText('Request sent to the client’s phone.')).toHaveCount(1);
    await expect(tablet.page.getByRole('button', { name: 'Ask the client to confirm' })).toHaveCount(0);
    const tabletAxe = await new AxeBuilder({ page: tablet.page }).analyze();
    expect(tabletAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    const prompt = phone.page.getByRole('dialog', { name: 'Confirm your pickup' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(order.orderNumber);
    await expect(tablet.page.getByText('The client is looking at the request.').first()).toBeVisible();
    // The tablet reloaded while the client looks: finding the order again takes its request up
    // again, neither asking the client twice nor offering to.
    await tablet.page.reload();
    await tablet.page.getByLabel('Pickup code').fill(pickupCode);
    await tablet.page.getByRole('button', { name: 'Find order' }).click();
    await expect(tablet.page.getByText('Waiting for the client to confirm')).toBeVisible();
    await expect(tablet.page.getByRole('button', { name: 'Ask the client to confirm' })).toHaveCount(0);
    await expect(prompt).toHaveCount(1);
    const promptAxe = await new AxeBuilder({ page: phone.page }).analyze();
    expect(promptAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );

    await prompt.getByRole('button', { name: 'Approve pickup' }).click();
    await expect(tablet.page.getByRole('alert').filter({ hasText: 'Approved. Hand the order over.' })).toBeVisible();
    await expect(phone.page.getByText(`Order ${order.orderNumber} was handed over. Thank you!`)).toBeVisible();
    await expect(prompt).toBeHidden();

    // Delivered, exactly once: one completed request, and the counter cannot ask again.
    const after = (await (await phone.context.request.get(`/api/order/${order.orderNumber}`)).json()) as {
      status: string;
    };
    expect(after.status).toBe('Delivered');
    const history = await tablet.context.request.get(`/api/admin/pickup/${order.id}`);
    const { pickups } = (await history.json()) as { pickups: { status: string }[] };
    expect(pickups.map((p) => p.status)).toEqual(['Completed']);
    await tablet.page.getByRole('button', { name: 'Next customer' }).click();
    await tablet.page.getByLabel('Pickup code').fill(pickupCode);
    await tablet.page.getByRole('button', { name: 'Find order' }).click();
    await expect(tablet.page.getByText('Eligibility: Already picked up')).toBeVisible();
    await expect(tablet.page.getByRole('button', { name: 'Ask the client to confirm' })).toHaveCount(0);

    // The phone's Pickup screen now shows the order as picked up, without its codes.
    await phone.page.goto('/pickup');
    const done = phone.page.getByRole('article', { name: `Order ${order.orderNumber}` });
    await expect(done.getByText('Picked up', { exact: true })).toBeVisible();
    await expect(done.getByRole('img')).toHaveCount(0);

    // Offline, the screen says what still works.
    await phone.context.setOffline(true);
    const offline = phone.page.getByRole('status', { name: 'You are offline' });
    await expect(offline).toContainText('ask the counter to text you a code');
    await phone.context.setOffline(false);
  } finally {
    await phone.context.close();
    await tablet.context.close();
  }
});

test("a phone on the history's first view (no app yet) is asked too: the app takes over and shows the prompt", async ({
  browser,
}) => {
  // A first visit: no service worker, so the history comes from its first view, without the app.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: ANDROID_UA,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  });
  const phone = { context, page: await context.newPage() };
  const tablet = await device(browser, 'tablet');
  try {
    await signIn(phone.context.request, freshNumber(), 'signup');
    const order = await paidOrder(phone.context.request);
    const { pickupCode } = (await (
      await phone.context.request.get(`/api/order/pickup/${order.orderNumber}`)
    ).json()) as {
      pickupCode: string;
    };
    const scripts: string[] = [];
    phone.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const channel = liveChannelOpened(phone.page);
    await phone.page.goto('/order/history');
    await expect(phone.page.getByRole('link', { name: order.orderNumber })).toBeVisible();
    await channel;
    expect(scripts.filter((s) => /\/assets\/framework-/.test(s))).toEqual([]);

    await onShift(tablet.context.request);
    await tablet.page.goto('/dashboard/pickup');
    await tablet.page.getByRole('button', { name: 'Scan QR code' }).click();
    await tablet.page.getByLabel('Pickup code').fill(pickupCode);
    await tablet.page.getByRole('button', { name: 'Find order' }).click();
    await expect(tablet.page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();

    const prompt = phone.page.getByRole('dialog', { name: 'Confirm your pickup' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText(order.orderNumber);
    await prompt.getByRole('button', { name: 'Approve pickup' }).click();
    await expect(tablet.page.getByRole('alert').filter({ hasText: 'Approved. Hand the order over.' })).toBeVisible();
  } finally {
    await phone.context.close();
    await tablet.context.close();
  }
});

// The listener, and the socket client it loads in turn.
for (const [part, chunk] of [
  ['the pickup listener’s code', 'pickup-confirmation-listener'],
  ['the pickup channel’s client', 'confirmation-prompt-host'],
] as const) {
  test(`a phone that cannot fetch ${part} keeps its screen, and listens after the next navigation`, async ({
    browser,
  }) => {
    const phone = await device(browser, 'phone');
    try {
      await signIn(phone.context.request, freshNumber(), 'signup');
      // The part loads after the first screen; here its code fails to arrive, as it does on a
      // phone that went offline before the service worker had saved it.
      const partCode = new RegExp(`/assets/${chunk}-[^/]*\\.js$`);
      let refused = 0;
      await phone.context.route(partCode, async (route) => {
        refused += 1;
        await route.abort('internetdisconnected');
      });
      const wentWithout = phone.page.waitForEvent('console', (m) => m.text().includes('goes on without it'));
      // A screen the app draws (the shop and the history have a first view without it).
      await phone.page.goto('/pickup');
      await wentWithout;
      expect(refused).toBeGreaterThan(0);
      // The screen stays, not the whole app's error page.
      await expect(phone.page.getByRole('heading', { name: 'Pickup', level: 1 })).toBeVisible();
      await expect(phone.page.getByText('Something went wrong')).toHaveCount(0);
      await expect(phone.page.getByRole('main')).toHaveCount(1);

      // The network is back: the next navigation in the app loads the part, and the channel opens.
      await phone.context.unroute(partCode);
      const partLoaded = phone.page.waitForResponse((r) => partCode.test(new URL(r.url()).pathname) && r.ok());
      const channel = phone.page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
      await phone.page.getByRole('banner').getByRole('link', { name: 'Products' }).click();
      await expect(phone.page).toHaveURL(/\/products$/);
      await partLoaded;
      await channel;
    } finally {
      await phone.context.close();
    }
  });
}

test('“Not me”: the client refuses and reports it; the counter is told not to hand over', async ({ browser }) => {
  const phone = await device(browser, 'phone');
  const tablet = await device(browser, 'tablet');
  try {
    await signIn(phone.context.request, freshNumber(), 'signup');
    const order = await paidOrder(phone.context.request);
    const { pickupCode } = (await (await phone.context.request.get(`/api/order/pickup/${order.id}`)).json()) as {
      pickupCode: string;
    };
    await phone.page.goto('/pickup');
    await expect(phone.page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

    await signIn(tablet.context.request, CEO, 'login');
    const active = (await (await tablet.context.request.get('/api/shift/active')).json()) as { shift: unknown };
    if (!active.shift) await tablet.context.request.post('/api/shift/start', { headers, data: { openingFloat: 0 } });
    await tablet.page.goto('/dashboard/pickup');
    await tablet.page.getByLabel('Pickup code').fill(pickupCode);
    await tablet.page.getByRole('button', { name: 'Find order' }).click();

    const prompt = phone.page.getByRole('dialog', { name: 'Confirm your pickup' });
    await prompt.getByRole('button', { name: 'Not me' }).click();
    await prompt.getByRole('radio', { name: /It is not me/ }).check();
    await prompt.getByRole('button', { name: 'Refuse pickup' }).click();
    await expect(prompt).toBeHidden();

    await expect(tablet.page.getByRole('alert').filter({ hasText: 'Do not hand over the order.' })).toBeVisible();
    await expect(tablet.page.getByText('Eligibility: Refused: do not hand over')).toBeVisible();
    const after = (await (await phone.context.request.get(`/api/order/pickup/${order.id}`)).json()) as {
      isDelivered: boolean;
      pickupDispute: string;
      qrToken: string | null;
    };
    expect(after).toMatchObject({ isDelivered: false, pickupDispute: 'SomeOneElseClaim', qrToken: null });
  } finally {
    await phone.context.close();
    await tablet.context.close();
  }
});
