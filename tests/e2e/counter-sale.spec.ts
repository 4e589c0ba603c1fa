// The counter sells, on a 1024 px tablet: a walk-in cash sale online with its receipt; one made
// offline that is recorded exactly once after a reload; a shift whose variance is right at the end.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  deviceAddress,
  freshPhone,
  holdAppCode,
  waitForAppCode,
  waitForServiceWorker,
  waitForStaffCode,
  waitForViews,
} from './support';

const ASSOCIATE = '08010000003';
// This file's journeys play one device (support.ts `deviceAddress`), but for the ones that play a
// second tablet: the codes sent to one number from one network are limited.
const headers = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };
const secondTablet = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };

test.use({ viewport: { width: 1024, height: 768 } });

type ShiftView = {
  id: string;
  cashSales: number;
  expectedCash: number;
  variance: number | null;
  closingCash: number | null;
};

async function signInAsAssociate(request: APIRequestContext, device: Record<string, string> = headers) {
  const international = `234${ASSOCIATE.slice(1)}`;
  const before = (await (await request.get(`/api/dev/outbox?to=${international}`)).json()).messages.length as number;
  const login = await request.post('/api/auth/login', { data: { phoneNumber: international }, headers: device });
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
    headers: device,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
}

/** A fresh shift with this float (kobo): any open one is ended first. */
async function freshShift(request: APIRequestContext, openingFloat: number) {
  const active = (await (await request.get('/api/shift/active')).json()) as { shift: ShiftView | null };
  if (active.shift) await request.post('/api/shift/end', { data: { closingCash: 0 }, headers });
  const started = await request.post('/api/shift/start', { data: { openingFloat }, headers });
  expect(started.status(), await started.text()).toBe(201);
}

/**
 * Signed in on a tablet of its own (the codes sent to one number from one network are limited),
 * on a fresh shift with this float (kobo).
 */
async function onShiftOnATabletOfItsOwn(request: APIRequestContext, openingFloat: number) {
  await signInAsAssociate(request, { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() });
  await freshShift(request, openingFloat);
}

async function activeShift(request: APIRequestContext): Promise<ShiftView> {
  const { shift } = (await (await request.get('/api/shift/active')).json()) as { shift: ShiftView | null };
  if (!shift) throw new Error('no open shift');
  return shift;
}

async function ordersForPhone(request: APIRequestContext, phone: string) {
  const res = await request.get(`/api/order/with_client/search?q=${phone}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { orders: { orderNumber: string; status: string; total: number }[] }).orders;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page is controlled by the worker, so its sales go through the offline queue. */
async function waitUntilControlled(page: Page) {
  expect(await waitForServiceWorker(page)).toBe('activated');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Reloads with the app's code held back (taken out of the worker's cache, so it is asked of the
 * network, and kept there until released): what is drawn meanwhile is the first view's.
 */
async function reloadHoldingAppCode(page: Page, context: BrowserContext) {
  await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        if (/\/assets\/framework-/.test(request.url)) await cache.delete(request);
    }
  });
  const appCode = await holdAppCode(context);
  await page.reload();
  return appCode;
}

/** Adds a full 12.5 kg refill and one burner, types the customer's phone at a human pace. */
async function fillSale(page: Page, phone: string) {
  await page.getByRole('combobox', { name: 'Cylinder size' }).click();
  await page.getByRole('option', { name: '12.5 kg', exact: true }).click();
  await page.getByRole('button', { name: /^Add 12\.5 kg of gas/ }).click();
  await page
    .getByRole('button', { name: /^Add .*burner/i })
    .first()
    .click();
  await page.getByLabel("Customer's phone").pressSequentially(phone, { delay: 30 });
}

test('a walk-in cash sale online: handed over, a receipt with the order number, an SMS receipt', async ({
  page,
  context,
}) => {
  await signInAsAssociate(context.request);
  await freshShift(context.request, 500_000);
  const phone = freshPhone('0705');

  await page.goto('/dashboard/sell');
  await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
  await expectNoAxeViolations(page);
  await fillSale(page, phone);
  await expect(
    page
      .getByText('Cooking gas 12.5 kg refill (12.5 kg cylinder)')
      .or(page.getByText(/12\.5 kg refill \(12\.5 kg cylinder\)/))
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/× 12\.5/)).toHaveCount(0);
  // A second burner and back, from the basket itself; the basket is checked by axe with its steppers.
  await page.getByRole('button', { name: /^One more .*burner/i }).click();
  await expect(page.getByText(/burner.*× 2/i)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^One fewer .*burner/i }).click();
  await expect(page.getByText(/burner.*× 1/i)).toBeVisible();

  const sold = page.waitForResponse(
    (r) => r.url().endsWith('/api/client/new_order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Take cash/ }).click();
  const response = await sold;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { order: { orderNumber: string; total: number; status: string } };
  expect(body.order.status).toBe('Delivered');

  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  await expect(page.getByTestId('receipt-number')).toHaveText(body.order.orderNumber);
  await expect(receipt.getByText(/12\.5 kg refill \(12\.5 kg cylinder\)/)).toBeVisible();
  await expect(receipt.getByRole('img', { name: `QR code of ${body.order.orderNumber}` })).toBeVisible();
  await expect(receipt.getByText('Handed over at the counter.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The SMS receipt reached the customer's phone.
  await expect
    .poll(async () => {
      const { messages } = (await (await context.request.get(`/api/dev/outbox?to=${phone}`)).json()) as {
        messages: { body: string }[];
      };
      return messages.map((m) => m.body).join('\n');
    })
    .toContain(body.order.orderNumber);
  // The drawer took the cash, once.
  expect((await activeShift(context.request)).cashSales).toBe(body.order.total);
  expect(await ordersForPhone(context.request, phone)).toHaveLength(1);
});

test('a warm reload draws the counter before the app: an Add tapped then is in its basket, and sold', async ({
  page,
  context,
}) => {
  await signInAsAssociate(context.request);
  await freshShift(context.request, 0);
  const phone = freshPhone('0708');

  // The tablet has sold here: its worker holds the code, and the device its shift, its center and
  // that center's catalogue.
  await page.goto('/dashboard/sell');
  await waitUntilControlled(page);
  await waitForViews(page);
  await waitForAppCode(page);
  await waitForStaffCode(page);
  const appsAdd = page.getByRole('button', { name: /^Add .*burner/i }).first();
  await expect(appsAdd).toBeEnabled();
  const burner = ((await appsAdd.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('arrive.counter-center'))).not.toBeNull();
  const center = await page.evaluate(() => localStorage.getItem('arrive.counter-center'));

  const appCode = await reloadHoldingAppCode(page, context);
  const viewsAdd = page.locator(`button[data-add][aria-label="Add ${burner}"]`);
  await expect(viewsAdd).toBeEnabled();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  await viewsAdd.click();
  await expect(page.getByRole('button', { name: `Remove ${burner} × 1` })).toBeVisible();
  const total = await page.getByTestId('basket-total').textContent();
  await expect.poll(appCode.asked).toBe(true);
  expect(await page.locator('button[data-add]').count()).toBeGreaterThan(0);

  // The app takes over with the same basket, and sells it.
  appCode.release();
  await expect(page.locator('button[data-add]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${burner} × 1` })).toBeVisible();
  await expect(page.getByTestId('basket-total')).toHaveText(total ?? '');
  await page.getByLabel("Customer's phone").pressSequentially(phone, { delay: 30 });
  const sold = page.waitForResponse(
    (r) => r.url().endsWith('/api/client/new_order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Take cash ${total}` }).click();
  const response = await sold;
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { order: { total: number; items: { name: string; quantity: number }[] } };
  expect(body.order.items.map((item) => [item.name, item.quantity])).toEqual([[burner, 1]]);
  const { products } = (await (await context.request.get(`/api/product?center=${center}`)).json()) as {
    products: { name: string; price: number }[];
  };
  expect(body.order.total).toBe(products.find((p) => p.name === burner)?.price);
  await expect(page.getByTestId('receipt')).toBeVisible();
  await appCode.done();
});

test("a tablet's first opening draws the counter from the network before the app; what was typed carries over", async ({
  page,
  context,
}) => {
  await onShiftOnATabletOfItsOwn(context.request, 0);
  const phone = freshPhone('0709');

  // A fresh tablet (no worker, no copies) on a network where the app's code is slow: held until
  // released, so what is drawn meanwhile is the view's, from the network's answers.
  const appCode = await holdAppCode(context);
  await page.goto('/dashboard/sell');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  const viewsAdd = page.locator('button[data-add][aria-label*="urner" i]').first();
  await expect(viewsAdd).toBeEnabled();
  const burner = ((await viewsAdd.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await viewsAdd.click();
  await expect(page.getByRole('button', { name: `Remove ${burner} × 1` })).toBeVisible();
  const total = await page.getByTestId('basket-total').textContent();
  // The refund's number is the app's field: typed in here meanwhile, at a person's pace.
  await page.getByLabel('Order or receipt number').click();
  await page.keyboard.type('ARV-', { delay: 40 });
  await expect.poll(appCode.asked).toBe(true);

  // The app takes over with the same basket, the typed number, and the keyboard where it was.
  appCode.release();
  await expect(page.locator('button[data-add]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${burner} × 1` })).toBeVisible();
  await expect(page.getByTestId('basket-total')).toHaveText(total ?? '');
  const refund = page.getByLabel('Order or receipt number');
  await expect(refund).toHaveValue('ARV-');
  await expect(refund).toBeFocused();
  await page.keyboard.type('7K', { delay: 40 });
  await expect(refund).toHaveValue('ARV-7K');
  await refund.fill('');
  // The copies the view read are the tablet's now: its center, for the next opening.
  expect(await page.evaluate(() => localStorage.getItem('arrive.counter-center'))).not.toBeNull();

  await page.getByLabel("Customer's phone").pressSequentially(phone, { delay: 30 });
  const sold = page.waitForResponse(
    (r) => r.url().endsWith('/api/client/new_order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Take cash ${total}` }).click();
  const response = await sold;
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { order: { items: { name: string; quantity: number }[] } };
  expect(body.order.items.map((item) => [item.name, item.quantity])).toEqual([[burner, 1]]);
  await expect(page.getByTestId('receipt')).toBeVisible();
  await appCode.done();
});

test('a cash sale made offline waits to sync, survives a reload and is recorded exactly once', async ({
  page,
  context,
}) => {
  await signInAsAssociate(context.request);
  await freshShift(context.request, 0);
  const phone = freshPhone('0706');

  // The tablet has seen the shift and the catalogue while online.
  await page.goto('/dashboard/shift');
  await waitUntilControlled(page);
  await expect(page.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
  await page.goto('/dashboard/sell');
  await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add 12\.5 kg of gas|^Add \d/ }).first()).toBeVisible();

  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByText(/Selling from the prices saved on this tablet at/)).toBeVisible();
  // POS and wallet say they need the network.
  await fillSale(page, phone);
  await page.getByText('POS/transfer', { exact: true }).click();
  await expect(page.getByText('POS/transfer payments need the network.', { exact: false })).toBeVisible();
  await page.getByText('Cash', { exact: true }).click();
  await page.getByRole('button', { name: /^Take cash/ }).click();

  await expect(page.getByText('Waiting to sync').first()).toBeVisible();
  await expect(page.getByTestId('receipt-number')).toHaveText(/^OFF-[A-Z0-9]{6}$/);
  const provisional = await page.getByTestId('receipt-number').textContent();

  // A reload while offline keeps the queued sale, and the shift cannot end over it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sales waiting to sync' })).toBeVisible();
  await expect(page.getByText(new RegExp(`${provisional}`))).toBeVisible();
  await page.goto('/dashboard/shift');
  await expect(page.getByText('Sales waiting to sync')).toBeVisible();
  await expect(page.getByRole('button', { name: 'End shift' })).toBeDisabled();

  // Back online on the shift screen: the worker replays it and this screen settles it (the sale
  // screen is not needed for that), so the shift may end; recorded once, in the drawer once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText('Sales waiting to sync')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('not recorded yet')).toBeHidden();
  await page.goto('/dashboard/sell');
  await expect(page.getByRole('heading', { name: 'Sales waiting to sync' })).toBeHidden();
  await expect.poll(async () => (await ordersForPhone(context.request, phone)).length, { timeout: 20_000 }).toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
  const [order] = await ordersForPhone(context.request, phone);
  expect(order?.status).toBe('Delivered');
  expect((await activeShift(context.request)).cashSales).toBe(order?.total);
  expect(await ordersForPhone(context.request, phone)).toHaveLength(1);
});

/** The first sale reaches the server, which records it; its answer is lost on the way back. */
async function loseFirstSaleAnswer(page: Page) {
  const sales = { sent: 0, recorded: '' };
  await page.route('**/api/client/new_order', async (route) => {
    sales.sent++;
    if (sales.sent > 1) return route.continue();
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    sales.recorded = ((await response.json()) as { order: { orderNumber: string } }).order.orderNumber;
    await route.abort('connectionreset');
  });
  return sales;
}

test.describe('without a service worker (its calls go straight to the server)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a POS sale whose answer was lost, sent again, is recorded and charged once; a pasted phone is read', async ({
    page,
    context,
  }) => {
    await signInAsAssociate(context.request);
    await freshShift(context.request, 0);
    const phone = freshPhone('0708');
    // The first sale reaches the server, which records it, and its answer is lost on the way back.
    const sales = await loseFirstSaleAnswer(page);

    await page.goto('/dashboard/sell');
    await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
    await fillSale(page, '');
    // Pasted as written down: +234 and spaces.
    await page.getByLabel("Customer's phone").fill(`+234 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await expect(page.getByLabel("Customer's phone")).toHaveValue(phone);
    await page.getByText('POS/transfer', { exact: true }).click();
    await page.getByLabel('POS or transfer reference').pressSequentially('POS-99001', { delay: 20 });
    await page.getByRole('button', { name: /^Complete sale/ }).click();
    await expect(page.getByText('A sale sent again is recorded once.')).toBeVisible();
    expect(sales.recorded).not.toBe('');

    // Sent again as it is: the server answers the sale it recorded, not a second one.
    const again = page.waitForResponse(
      (r) => r.url().endsWith('/api/client/new_order') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /^Complete sale/ }).click();
    expect((await again).status()).toBe(201);
    await expect(page.getByTestId('receipt-number')).toHaveText(sales.recorded);
    expect(sales.sent).toBe(2);
    const orders = await ordersForPhone(context.request, phone);
    expect(orders.map((o) => o.orderNumber)).toEqual([sales.recorded]);
    expect((await activeShift(context.request)).cashSales).toBe(0);
  });

  test('a reload in the middle of a sale whose answer was lost keeps it, and sent again it is recorded once', async ({
    page,
    context,
  }) => {
    await signInAsAssociate(context.request, secondTablet);
    await freshShift(context.request, 0);
    const phone = freshPhone('0709');
    const sales = await loseFirstSaleAnswer(page);

    await page.goto('/dashboard/sell');
    await fillSale(page, phone);
    await page.getByText('POS/transfer', { exact: true }).click();
    await page.getByLabel('POS or transfer reference').pressSequentially('POS-77002', { delay: 20 });
    const total = await page.getByTestId('basket-total').textContent();
    await page.getByRole('button', { name: /^Complete sale/ }).click();
    await expect(page.getByText('A sale sent again is recorded once.')).toBeVisible();
    expect(sales.recorded).not.toBe('');

    // The associate reloads the page: the basket, the customer and the payment are still there.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
    await expect(page.getByTestId('basket-total')).toHaveText(total ?? '');
    await expect(page.getByLabel("Customer's phone")).toHaveValue(phone);
    await expect(page.getByLabel('POS or transfer reference')).toHaveValue('POS-77002');
    await page.getByRole('button', { name: /^Complete sale/ }).click();
    await expect(page.getByTestId('receipt-number')).toHaveText(sales.recorded);
    expect(sales.sent).toBe(2);
    expect((await ordersForPhone(context.request, phone)).map((o) => o.orderNumber)).toEqual([sales.recorded]);

    // The next sale starts empty, through a reload too.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.reload();
    await expect(page.getByText('Add products to start a sale.')).toBeVisible();
    await expect(page.getByLabel("Customer's phone")).toHaveValue('');
  });

  test('a shift ended on another tablet: a refused sale puts this tablet off shift, on the shift page', async ({
    page,
    context,
  }) => {
    await signInAsAssociate(context.request, secondTablet);
    await freshShift(context.request, 0);
    await page.goto('/dashboard/sell');
    await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
    await expect(page.getByText('On shift', { exact: true })).toBeVisible();

    // The same associate ends the shift on the other tablet.
    const ended = await context.request.post('/api/shift/end', { data: { closingCash: 0 }, headers });
    expect(ended.ok(), await ended.text()).toBe(true);

    await fillSale(page, freshPhone('0710'));
    await page.getByRole('button', { name: /^Take cash/ }).click();
    await expect(page.getByText('Start a shift first')).toBeVisible();
    await expect(page.locator('header').getByText('Off shift', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/shift$/);
    await expect(page.getByRole('heading', { name: 'You are not on a shift' })).toBeVisible();
  });
});

test('a shift with a sale and a refund ends with the counted cash and keeps the right variance', async ({
  page,
  context,
}) => {
  await signInAsAssociate(context.request);
  await freshShift(context.request, 1_000_000);
  const phone = freshPhone('0707');
  const catalogue = (await (await context.request.get('/api/product')).json()) as {
    products: { id: string; type: string }[];
  };
  const stove = catalogue.products.find((p) => p.type === 'GasStove');
  if (!stove) throw new Error('no stove in the catalogue');
  const cashSale = async (n: number, handOver: boolean) => {
    const res = await context.request.post('/api/client/new_order', {
      headers: { ...headers, 'idempotency-key': `e2e-variance-${phone}-${n}` },
      data: {
        phone,
        order: { type: 'Product', items: [{ productId: stove.id, quantity: 1 }], deliveryOption: 'PickerUP' },
        payment: { type: 'Cash' },
        handOver,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { order: { total: number; orderNumber: string } }).order;
  };
  const kept = await cashSale(1, true);
  const returned = await cashSale(2, false);
  const total = kept.total;

  // The second customer changes their mind before taking the stove: refunded from the drawer.
  await page.goto('/dashboard/sell');
  await page.getByLabel('Order or receipt number').pressSequentially(returned.orderNumber, { delay: 20 });
  await page.getByLabel('Reason').pressSequentially('Changed their mind', { delay: 10 });
  const refunded = page.waitForResponse((r) => r.url().endsWith('/api/client/refund_order'));
  await page.getByRole('button', { name: 'Refund from the drawer' }).click();
  expect((await refunded).status()).toBe(200);
  await expect(page.getByText(`${returned.orderNumber}: give back`)).toBeVisible();
  const expected = 1_000_000 + total;

  await page.goto('/dashboard/shift');
  await expect(page.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
  await expectNoAxeViolations(page);
  // ₦100 short.
  await page
    .getByLabel('Cash counted in the drawer')
    .pressSequentially(String((expected - 10_000) / 100), { delay: 20 });
  await expect(page.getByText('Short ₦100.00').first()).toBeVisible();
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/shift/end') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'End shift' }).click();
  expect((await ended).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Shift ended' })).toBeVisible();
  await expect(page.getByText('Short ₦100.00').first()).toBeVisible();

  const [latest] = (await (await context.request.get('/api/shift/today')).json()) as ShiftView[];
  expect(latest).toMatchObject({
    cashSales: kept.total + returned.total,
    cashRefunds: returned.total,
    expectedCash: expected,
    closingCash: expected - 10_000,
    variance: -10_000,
  });
});

test("a tablet's first opening draws the shift screen before the app; the count typed carries over and ends the shift", async ({
  page,
  context,
}) => {
  // A tablet of its own: the codes sent to one number from one network are limited.
  await onShiftOnATabletOfItsOwn(context.request, 500_000);

  // A fresh tablet (no worker, no copies) on a network where the app's code is slow: held until
  // released, so what is drawn meanwhile is the view's, from the network's answers.
  const appCode = await holdAppCode(context);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/dashboard/shift');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  const view = page.locator('[data-shift-view]');
  await expect(view.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
  await expect(view.getByText('Expected cash').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The count's arrows are set off from the field by a line, as in the app: the page's styles keep
  // the number input's rule over Mantine's button reset.
  const arrowsLine = () =>
    page.evaluate(() => {
      const control = document.querySelector('.mantine-NumberInput-control');
      return control ? getComputedStyle(control).borderInlineStartWidth : null;
    });
  expect(await arrowsLine()).toBe('1px');
  // The count, typed at a person's pace before the app is here.
  const count = view.getByLabel('Cash counted in the drawer');
  await expect(count).toBeEnabled();
  await count.click();
  await page.keyboard.type('49', { delay: 60 });
  await expect(count).toHaveValue('₦49');
  await expect(view.getByText('Short ₦4,951.00')).toBeVisible();
  await expect.poll(appCode.asked).toBe(true);
  // The app's files are asked for together as the view hands over, not one import after another:
  // the app's own chunk while the framework's is still held.
  await expect.poll(() => asked.some((path) => /\/assets\/app-[^/]*\.js$/.test(path))).toBe(true);
  // Whether the screen ever goes from the page as the app takes over (a loading frame between).
  await page.evaluate(() => {
    const seen = window as unknown as { shiftGone?: boolean };
    new MutationObserver(() => {
      if (![...document.querySelectorAll('h2')].some((h) => h.textContent === 'You are on shift'))
        seen.shiftGone = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

  // The app takes over with the figure typed and the keyboard in its field, where typing goes on.
  appCode.release();
  await expect(view).toHaveCount(0);
  const appsCount = page.getByLabel('Cash counted in the drawer');
  await expect(appsCount).toHaveValue('₦49');
  await expect(appsCount).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { shiftGone?: boolean }).shiftGone)).toBeUndefined();
  expect(await arrowsLine()).toBe('1px');
  await page.keyboard.type('00', { delay: 60 });
  await expect(appsCount).toHaveValue('₦4,900');
  await expect(page.getByText('Short ₦100.00').first()).toBeVisible();
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/shift/end') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'End shift' }).click();
  expect((await ended).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Shift ended' })).toBeVisible();
  const [latest] = (await (await context.request.get('/api/shift/today')).json()) as ShiftView[];
  expect(latest).toMatchObject({ expectedCash: 500_000, closingCash: 490_000, variance: -10_000 });
  await appCode.done();
});

test('a warm reload draws the shift screen before the app; End shift tapped then ends it in the app', async ({
  page,
  context,
}) => {
  await onShiftOnATabletOfItsOwn(context.request, 300_000);

  // The tablet has opened its shift here: its worker holds the code, the device the shift's copies.
  await page.goto('/dashboard/shift');
  await waitUntilControlled(page);
  await waitForViews(page);
  await waitForAppCode(page);
  await waitForStaffCode(page);
  await expect(page.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Today's shifts" })).toBeVisible();

  const appCode = await reloadHoldingAppCode(page, context);
  const view = page.locator('[data-shift-view]');
  await expect(view.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  await view.getByLabel('Cash counted in the drawer').pressSequentially('3025', { delay: 60 });
  // The count's own variance, in the form (today's earlier shifts may have been over by as much).
  await expect(view.locator('form').getByText('Over ₦25.00')).toBeVisible();
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/shift/end') && r.request().method() === 'POST');
  await view.getByRole('button', { name: 'End shift' }).click();
  await expect.poll(appCode.asked).toBe(true);

  // The app draws the same screen, the count in its field, and ends the shift as tapped.
  appCode.release();
  const response = await ended;
  expect(response.status()).toBe(200);
  expect((response.request().postDataJSON() as { closingCash: number }).closingCash).toBe(302_500);
  await expect(view).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Shift ended' })).toBeVisible();
  await expect(page.getByText('Over ₦25.00').first()).toBeVisible();
  await appCode.done();
});
