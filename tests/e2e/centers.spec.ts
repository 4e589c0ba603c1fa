// The chain of gas centers, on the real server: a client collects at the center chosen at checkout;
// another center's counter is refused with where the order is collected; stock sent from Arrive
// Lekki is received at Arrive Gas Center (Ikeja) once; the CEO's drawers and sales add up per
// center to the company's; a tablet that sold offline takes from its own center's stock only.
//
// The demo staff all work at the first center: each journey's counter staff are made by the CEO
// at the center they work at, signed in on tablets of their own.
//
// SHOTS_DIR=/tmp/center-shots saves screenshots of the centers' screens, 360 and 1024 px, light and dark.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  createWallet,
  deviceAddress,
  liveChannelOpened,
  signInByApi,
  waitForAppCode,
  waitForStaffCode,
  waitForViews,
} from './support';

const CEO = '08010000001';
const IKEJA = 'Arrive Gas Center';
const LEKKI = 'Arrive Lekki';
const IKEJA_WHERE = 'Arrive Gas Center, Allen Avenue, Ikeja, Lagos';
const CYLINDER = '12.5 kg gas cylinder';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

type Headers = Record<string, string>;
/** A device of its own on the network: sign-in codes are limited per number and address. */
const device = (): Headers => ({ 'x-platform': 'web', 'x-forwarded-for': deviceAddress() });

let numbers = 0;
function freshNumber(prefix = '0816'): string {
  numbers += 1;
  const tail = String((Date.now() + numbers * 7919 + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, '0');
  return `${prefix}${tail}`;
}

type Center = { id: string; name: string };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Member = { phone: string; name: string; state: StorageState; headers: Headers };
type World = { ikeja: Center; lekki: Center; ceo: Member; ikejaDesk: Member; lekkiDesk: Member };

async function startShift(request: APIRequestContext, headers: Headers): Promise<string | undefined> {
  const active = (await (await request.get('/api/shift/active')).json()) as { shift: { centerId?: string } | null };
  if (active.shift) return active.shift.centerId;
  const started = await request.post('/api/shift/start', { headers, data: { openingFloat: 0 } });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { shift: { centerId?: string } }).shift.centerId;
}

/** A sales associate the CEO places at one center, signed in and on a shift there. */
async function counterMember(
  browser: Browser,
  ceo: Member,
  ceoRequest: APIRequestContext,
  center: Center,
  name: string,
) {
  const phone = freshNumber();
  const made = await ceoRequest.post('/api/staff/create', {
    headers: ceo.headers,
    data: {
      phoneNumber: phone,
      role: 'Sales Associate',
      access: ['Staff'],
      firstname: name,
      lastname: 'Okoro',
      centerIds: [center.id],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const context = await browser.newContext();
  try {
    const headers = device();
    await signInByApi(context.request, phone, 'login', headers);
    // A member of one center starts there without saying so.
    expect(await startShift(context.request, headers)).toBe(center.id);
    return { phone, name: `${name} Okoro`, state: await context.storageState(), headers };
  } finally {
    await context.close();
  }
}

/**
 * The CEO (signed in once: every sign-in texts a code), on a shift at the first center, and a
 * counter member at each center. Made again in a worker that started over after a failure.
 */
let world: World | null = null;
async function centersWorld(browser: Browser): Promise<World> {
  if (world) return world;
  const context = await browser.newContext();
  try {
    const headers = device();
    await signInByApi(context.request, CEO, 'login', headers);
    const { centers } = (await (await context.request.get('/api/centers')).json()) as { centers: Center[] };
    const ikeja = centers.find((c) => c.name === IKEJA);
    const lekki = centers.find((c) => c.name === LEKKI);
    if (!ikeja || !lekki) throw new Error(`the demo centers are not both there: ${centers.map((c) => c.name)}`);
    expect(await startShift(context.request, headers)).toBe(ikeja.id);
    const ceo: Member = { phone: CEO, name: 'Ada Okafor', state: await context.storageState(), headers };
    const ikejaDesk = await counterMember(browser, ceo, context.request, ikeja, 'Ikechukwu');
    const lekkiDesk = await counterMember(browser, ceo, context.request, lekki, 'Lekan');
    world = { ikeja, lekki, ceo, ikejaDesk, lekkiDesk };
    return world;
  } finally {
    await context.close();
  }
}

async function tablet(browser: Browser, member: Member) {
  const context = await browser.newContext({
    storageState: member.state,
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': member.headers['x-forwarded-for'] ?? '' },
  });
  return { context, page: await context.newPage() };
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    userAgent: ANDROID_UA,
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

/** What may still be ordered of a product at a center (its stock, as the shop reads it). */
async function available(request: APIRequestContext, center: Center, name: string): Promise<number | null> {
  const res = await request.get(`/api/product/?center=${center.id}`);
  expect(res.ok(), await res.text()).toBe(true);
  const { products } = (await res.json()) as { products: { name: string; available: number | null }[] };
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no ${name} at ${center.name}`);
  return product.available;
}

async function productId(request: APIRequestContext, name: string): Promise<string> {
  const { products } = (await (await request.get('/api/product/')).json()) as {
    products: { id: string; name: string }[];
  };
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no ${name} in the catalogue`);
  return product.id;
}

/** A client's paid pickup order at a center: placed and paid in the sandbox checkout through its API. */
async function paidPickup(request: APIRequestContext, headers: Headers, center: Center) {
  const placed = await request.post('/api/order/new', {
    headers,
    data: {
      type: 'Product',
      items: [{ productId: await productId(request, 'Single burner (cylinder top)'), quantity: 1 }],
      deliveryOption: 'PickerUP',
      centerId: center.id,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { orderNumber: string; id: string; centerId?: string };
  expect(order.centerId).toBe(center.id);
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
  const { pickupCode } = (await (await request.get(`/api/order/pickup/${order.id}`)).json()) as { pickupCode: string };
  return { ...order, pickupCode };
}

/** A walk-in cash sale through the counter's API, handed over: it counts for the seller's shift's center. */
async function cashSale(member: Member, request: APIRequestContext, product: string, quantity: number) {
  const customer = freshNumber('0705');
  const res = await request.post('/api/client/new_order', {
    headers: { ...member.headers, 'idempotency-key': `e2e-centers-${customer}` },
    data: {
      phone: customer,
      order: {
        type: 'Product',
        items: [{ productId: await productId(request, product), quantity }],
        deliveryOption: 'PickerUP',
      },
      payment: { type: 'Cash' },
      handOver: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { total: number; centerId?: string } }).order;
}

/** Types a code as a person at a counter does, one key at a time. */
async function typeCode(page: Page, label: string, code: string) {
  const field = page.getByLabel(label);
  await field.fill('');
  await field.pressSequentially(code, { delay: 120 });
}

/** The page is controlled by the worker, so its sales go through the offline queue. */
async function waitUntilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Naira as the screens write it ("₦1,250.50") in kobo. */
const kobo = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);

/** A table's body rows as their cells' texts. */
async function rowsOf(table: Locator): Promise<string[][]> {
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const rows = await table.getByRole('row').all();
  const cells = await Promise.all(rows.map((row) => row.getByRole('cell').allInnerTexts()));
  return cells.filter((c) => c.length > 0).map((c) => c.map((t) => t.trim()));
}

test('a client collects at the center chosen at checkout, from that center’s counter', async ({ browser }) => {
  const { ikeja, ikejaDesk } = await centersWorld(browser);
  const client = await phone(browser);
  const desk = await tablet(browser, ikejaDesk);
  try {
    await signInByApi(client.context.request, freshNumber('0817'), 'signup', device());
    await createWallet(client.page, 20_000_000);
    const before = await available(client.context.request, ikeja, '50 kg gas cylinder');

    // A 50 kg cylinder: Ikeja has some, Lekki none. The checkout says so per center.
    await client.page.goto('/products');
    await client.page
      .getByRole('region', { name: 'Cylinders' })
      .getByRole('button', { name: 'Add 50 kg gas cylinder' })
      .click();
    await expect(client.page.getByRole('radio', { name: 'Pickup at the gas center' })).toBeChecked();
    const centers = client.page.getByRole('radiogroup', { name: 'Gas center to collect from' });
    const atIkeja = centers.getByRole('radio', { name: new RegExp(`^${IKEJA}`) });
    const atLekki = centers.getByRole('radio', { name: new RegExp(`^${LEKKI}`) });
    await expect(atLekki).toContainText('Not enough stock here');
    await expect(atIkeja).toContainText('In stock');
    await expect(atIkeja).toContainText('Allen Avenue, Ikeja');
    // Changes their mind, then settles on Ikeja.
    await atLekki.click();
    await expect(atLekki).toBeChecked();
    await atIkeja.click();
    await expect(atIkeja).toBeChecked();
    await expect(atLekki).not.toBeChecked();

    await client.page.getByRole('radio', { name: 'Wallet' }).check();
    const paid = client.page.waitForResponse(
      (r) => r.url().endsWith('/api/payment/wallet') && r.request().method() === 'POST',
    );
    await client.page.getByRole('button', { name: 'Place order and pay' }).click();
    expect((await paid).ok()).toBe(true);
    await expect(client.page).toHaveURL(/\/order\/[^/]+$/);
    await expect(client.page.getByLabel('Order status timeline')).toContainText('Paid');
    await expect(client.page.getByText(`Collect at ${IKEJA_WHERE}`)).toBeVisible();
    const orderNumber = decodeURIComponent(new URL(client.page.url()).pathname.split('/')[2] ?? '');
    const order = (await (await client.context.request.get(`/api/order/${orderNumber}`)).json()) as {
      id: string;
      centerId: string;
      centerName: string;
    };
    expect(order).toMatchObject({ centerId: ikeja.id, centerName: IKEJA });
    await expect.poll(() => available(client.context.request, ikeja, '50 kg gas cylinder')).toBe((before ?? 0) - 1);
    const { pickupCode } = (await (await client.context.request.get(`/api/order/pickup/${order.id}`)).json()) as {
      pickupCode: string;
    };

    // The Ikeja counter types the code the client reads out; the client approves on the phone.
    const connected = liveChannelOpened(client.page);
    await client.page.goto('/order/history');
    await expect(client.page.getByRole('link', { name: orderNumber })).toBeVisible();
    await connected;
    await desk.page.goto('/dashboard/pickup');
    await expect(desk.page.getByRole('heading', { name: 'Pick up', level: 1 })).toBeVisible();
    await typeCode(desk.page, 'Pickup code', pickupCode);
    await desk.page.getByRole('button', { name: 'Find order' }).click();
    await expect(desk.page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(desk.page.getByText('Eligibility: Ready for pickup')).toBeVisible();
    const prompt = client.page.getByRole('dialog', { name: 'Confirm your pickup' });
    await expect(prompt).toContainText(orderNumber);
    await prompt.getByRole('button', { name: 'Approve pickup' }).click();
    await expect(desk.page.getByRole('alert').filter({ hasText: 'Approved. Hand the order over.' })).toBeVisible();
    await expect(client.page.getByText(`Order ${orderNumber} was handed over. Thank you!`)).toBeVisible();
    const after = (await (await client.context.request.get(`/api/order/${orderNumber}`)).json()) as { status: string };
    expect(after.status).toBe('Delivered');
  } finally {
    await desk.context.close();
    await client.context.close();
  }
});

test('the Lekki counter is refused an Ikeja order, naming where it is collected, until it is moved there', async ({
  browser,
}) => {
  const { ikeja, lekki, ceo, ikejaDesk, lekkiDesk } = await centersWorld(browser);
  const client = await browser.newContext();
  const lekkiTablet = await tablet(browser, lekkiDesk);
  const ikejaTablet = await tablet(browser, ikejaDesk);
  const boss = await tablet(browser, ceo);
  try {
    const clientHeaders = device();
    await signInByApi(client.request, freshNumber('0817'), 'signup', clientHeaders);
    const order = await paidPickup(client.request, clientHeaders, ikeja);

    const desk = lekkiTablet.page;
    await desk.goto('/dashboard/pickup');
    await expect(desk.getByRole('heading', { name: 'Pick up', level: 1 })).toBeVisible();
    await typeCode(desk, 'Pickup code', order.pickupCode);
    await desk.getByRole('button', { name: 'Find order' }).click();
    const refusal = desk.getByRole('alert').filter({ hasText: 'Collected at another gas center' });
    await expect(refusal).toContainText(`This order is collected at ${IKEJA_WHERE}`);
    await expect(desk.getByRole('button', { name: 'Ask the client to confirm' })).toHaveCount(0);
    // Asked straight, the server refuses the hand-over too, and nothing changed.
    const asked = await lekkiTablet.context.request.post('/api/pickup/handover-code', {
      headers: lekkiDesk.headers,
      data: { orderId: order.id },
    });
    expect(asked.status(), await asked.text()).toBe(409);
    const still = (await (await client.request.get(`/api/order/${order.orderNumber}`)).json()) as { status: string };
    expect(still.status).toBe('Paid');

    // The CEO moves it to Lekki with a reason; now Lekki finds it, and Ikeja is the one refused.
    await boss.page.goto(`/dashboard/orders/detail/${order.id}`);
    await boss.page.getByRole('button', { name: 'Move to another center' }).click();
    const dialog = boss.page.getByRole('dialog', { name: `Move order ${order.orderNumber}` });
    await expect(dialog.getByText(`Now at ${IKEJA}.`)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Move it to' }).click();
    await dialog.getByRole('option', { name: new RegExp(`^${LEKKI}`) }).click();
    await dialog.getByLabel('Reason').pressSequentially('Client lives in Lekki', { delay: 30 });
    const moved = boss.page.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${order.id}/move`));
    await dialog.getByRole('button', { name: 'Move order' }).click();
    expect((await moved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(boss.page.getByText(`Order ${order.orderNumber} moved to ${LEKKI}`)).toBeVisible();

    await desk.getByRole('button', { name: 'Find order' }).click();
    await expect(desk.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(desk.getByText('Eligibility: Ready for pickup')).toBeVisible();
    await ikejaTablet.page.goto('/dashboard/pickup');
    await typeCode(ikejaTablet.page, 'Pickup code', order.pickupCode);
    await ikejaTablet.page.getByRole('button', { name: 'Find order' }).click();
    await expect(
      ikejaTablet.page.getByRole('alert').filter({ hasText: 'Collected at another gas center' }),
    ).toContainText(`This order is collected at ${LEKKI}, Admiralty Way`);
    const where = (await (await client.request.get(`/api/order/${order.orderNumber}`)).json()) as { centerId: string };
    expect(where.centerId).toBe(lekki.id);
  } finally {
    await boss.context.close();
    await ikejaTablet.context.close();
    await lekkiTablet.context.close();
    await client.close();
  }
});

test('stock sent from Lekki is in transit, then received at Ikeja: each center’s stock changes once', async ({
  browser,
}) => {
  const { ikeja, lekki, ikejaDesk, lekkiDesk } = await centersWorld(browser);
  const sender = await tablet(browser, lekkiDesk);
  const receiver = await tablet(browser, ikejaDesk);
  try {
    const request = sender.context.request;
    const lekkiBefore = (await available(request, lekki, CYLINDER)) ?? 0;
    const ikejaBefore = (await available(request, ikeja, CYLINDER)) ?? 0;
    expect(lekkiBefore).toBeGreaterThanOrEqual(20);

    const page = sender.page;
    await page.goto('/dashboard/transfers');
    await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
    await expect(page.getByText(`Gas center: ${LEKKI} (the center of your shift)`)).toBeVisible();
    const form = page.getByRole('form', { name: 'Send stock' });
    await form.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: IKEJA, exact: true }).click();
    await form.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: CYLINDER, exact: true }).click();
    await form.getByLabel('Quantity (items)').pressSequentially('20', { delay: 120 });
    await form.getByLabel('Note (optional)').pressSequentially('For the weekend rush', { delay: 20 });
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/centers/transfers') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText(`20 items of ${CYLINDER} sent to ${IKEJA}`)).toBeVisible();
    // In transit at the sender, with Cancel; gone from Lekki's stock, not yet at Ikeja's.
    const cancel = page.getByRole('button', { name: `Cancel 20 items of ${CYLINDER} to ${IKEJA}` });
    await expect(cancel).toBeVisible();
    await expect.poll(() => available(request, lekki, CYLINDER)).toBe(lekkiBefore - 20);
    expect(await available(request, ikeja, CYLINDER)).toBe(ikejaBefore);

    // Ikeja receives it.
    const desk = receiver.page;
    await desk.goto('/dashboard/transfers');
    await expect(desk.getByText(`Gas center: ${IKEJA} (the center of your shift)`)).toBeVisible();
    const receive = desk.getByRole('button', { name: `Receive 20 items of ${CYLINDER} from ${LEKKI}` });
    const received = desk.waitForResponse((r) => /\/api\/centers\/transfers\/[^/]+\/receive$/.test(r.url()));
    await receive.click();
    const answer = await received;
    expect(answer.status()).toBe(200);
    const transfer = (await answer.json()) as { id: string; status: string; receivedBy: string };
    expect(transfer).toMatchObject({ status: 'Received', receivedBy: ikejaDesk.name });
    await expect(desk.getByText(`20 items of ${CYLINDER} received from ${LEKKI}`)).toBeVisible();
    await expect(receive).toHaveCount(0);
    await expect(
      desk.getByRole('row').filter({ hasText: `Received` }).filter({ hasText: LEKKI }).first(),
    ).toBeVisible();

    // Once: a second receive, and a cancel after it, change nothing.
    const again = await receiver.context.request.post(`/api/centers/transfers/${transfer.id}/receive`, {
      headers: ikejaDesk.headers,
    });
    expect(again.status()).toBe(409);
    const late = await request.post(`/api/centers/transfers/${transfer.id}/cancel`, { headers: lekkiDesk.headers });
    expect(late.status()).toBe(409);
    await expect.poll(() => available(request, ikeja, CYLINDER)).toBe(ikejaBefore + 20);
    expect(await available(request, lekki, CYLINDER)).toBe(lekkiBefore - 20);
    // The sender's screen, read again, shows it received and no longer offers Cancel.
    await page.reload();
    await expect(cancel).toHaveCount(0);
    await expect(
      page.getByRole('row').filter({ hasText: `Received` }).filter({ hasText: IKEJA }).first(),
    ).toBeVisible();
  } finally {
    await receiver.context.close();
    await sender.context.close();
  }
});

test('the CEO’s drawers and sales: each center’s figures add up to the company’s', async ({ browser }) => {
  const { ceo, ikejaDesk, lekkiDesk } = await centersWorld(browser);
  const ikejaTablet = await tablet(browser, ikejaDesk);
  const lekkiTablet = await tablet(browser, lekkiDesk);
  const boss = await tablet(browser, ceo);
  try {
    // A cash sale at each counter, into each center's drawer.
    const atIkeja = await cashSale(ikejaDesk, ikejaTablet.context.request, 'Single burner (cylinder top)', 2);
    const atLekki = await cashSale(lekkiDesk, lekkiTablet.context.request, 'Table-top gas cooker, 2 burners', 1);
    expect(atIkeja.total).not.toBe(atLekki.total);

    const page = boss.page;
    await page.goto('/dashboard/sales');
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
    const filter = page.getByRole('combobox', { name: 'Gas center' });
    await expect(filter).toHaveValue('All centers');
    const perCenter = await rowsOf(page.getByRole('table', { name: 'Sales per gas center' }));
    const total = (name: string) => kobo(perCenter.find((r) => r[0] === name)?.[5] ?? null);
    const company = total('All centers');
    expect(perCenter.map((r) => r[0])).toEqual(expect.arrayContaining([IKEJA, LEKKI, 'All centers']));
    expect(total(IKEJA) + total(LEKKI)).toBe(company);
    expect(total(LEKKI)).toBeGreaterThanOrEqual(atLekki.total);
    expect(total(IKEJA)).toBeGreaterThanOrEqual(atIkeja.total);
    const totalCard = page.locator('.mantine-Card-root').filter({ hasText: /paid orders?$/ });
    await expect(totalCard).toContainText(perCenter.find((r) => r[0] === 'All centers')?.[5] ?? '-');
    // One center alone: its total is the one shown beside the company's.
    await filter.click();
    await page.getByRole('option', { name: LEKKI }).click();
    await expect(page.getByRole('table', { name: 'Sales per gas center' })).toHaveCount(0);
    await expect(totalCard).toContainText(perCenter.find((r) => r[0] === LEKKI)?.[5] ?? '-');

    await page.goto('/dashboard/drawers');
    await expect(page.getByRole('heading', { name: 'Cash drawers', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Gas center' })).toHaveValue('All centers');
    const drawers = await rowsOf(page.getByRole('region', { name: 'Drawers by gas center' }));
    // Columns: Gas center, Shifts, Float, Cash sales, Cash refunds, Expected, Counted, Variance.
    const cashAt = (name: string) => kobo(drawers.find((r) => r[0] === name)?.[3] ?? null);
    expect(cashAt(LEKKI)).toBeGreaterThanOrEqual(atLekki.total);
    expect(cashAt(IKEJA)).toBeGreaterThanOrEqual(atIkeja.total);
    // The company's rows, under their own title.
    await expect(page.getByRole('heading', { name: 'All centers', level: 2 })).toBeVisible();
    const byDay = await rowsOf(page.getByRole('region', { name: 'Drawers by day' }));
    expect(byDay).toHaveLength(1);
    expect(kobo(byDay[0]?.[3] ?? null)).toBe(drawers.reduce((sum, r) => sum + kobo(r[3] ?? null), 0));
    expect(kobo(byDay[0]?.[5] ?? null)).toBe(drawers.reduce((sum, r) => sum + kobo(r[5] ?? null), 0));
    await page.getByRole('combobox', { name: 'Gas center' }).click();
    await page.getByRole('option', { name: LEKKI }).click();
    await expect(page.getByRole('region', { name: 'Drawers by gas center' })).toHaveCount(0);
    const lekkiDay = page.getByRole('region', { name: 'Drawers by day' }).getByRole('row').nth(1);
    await expect(lekkiDay.getByRole('cell').nth(3)).toHaveText(drawers.find((r) => r[0] === LEKKI)?.[3] ?? '-');
    await expect(page.getByRole('region', { name: 'Each shift' })).toContainText(lekkiDesk.name);
    await expect(page.getByRole('region', { name: 'Each shift' })).not.toContainText(ikejaDesk.name);
  } finally {
    await boss.context.close();
    await lekkiTablet.context.close();
    await ikejaTablet.context.close();
  }
});

test('a tablet at Ikeja sells offline: after it syncs, Ikeja’s stock went down once and Lekki’s did not', async ({
  browser,
}) => {
  const { ikeja, lekki, ikejaDesk } = await centersWorld(browser);
  const { context, page } = await tablet(browser, ikejaDesk);
  try {
    const ikejaBefore = (await available(context.request, ikeja, CYLINDER)) ?? 0;
    const lekkiBefore = await available(context.request, lekki, CYLINDER);
    const customer = freshNumber('0706');

    // The tablet has seen the shift and the catalogue while online, long enough for its worker to
    // hold the code of the screens it is used on.
    await page.goto('/dashboard/shift');
    await waitUntilControlled(page);
    await waitForViews(page);
    await waitForAppCode(page);
    await waitForStaffCode(page);
    await expect(page.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
    await expect(page.getByText(IKEJA).first()).toBeVisible();
    await page.goto('/dashboard/sell');
    await expect(page.getByRole('heading', { name: 'Sell at the counter' })).toBeVisible();
    const add = page.getByRole('button', { name: `Add ${CYLINDER}` });
    await expect(add).toBeEnabled();

    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.getByText(/Selling from the prices saved on this tablet at/)).toBeVisible();
    await add.click();
    await page.getByLabel("Customer's phone").pressSequentially(customer, { delay: 60 });
    await page.getByText('Cash', { exact: true }).click();
    await page.getByRole('button', { name: /^Take cash/ }).click();
    await expect(page.getByText('Waiting to sync').first()).toBeVisible();
    await expect(page.getByTestId('receipt-number')).toHaveText(/^OFF-[A-Z0-9]{6}$/);

    // Back online on the shift screen: the worker replays the sale and the screen settles it.
    await page.goto('/dashboard/shift');
    await expect(page.getByText('Sales waiting to sync')).toBeVisible();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Sales waiting to sync')).toBeHidden({ timeout: 30_000 });
    const orders = async () => {
      const res = await context.request.get(`/api/order/with_client/search?q=${customer}`);
      return ((await res.json()) as { orders: { status: string; centerId?: string }[] }).orders;
    };
    await expect.poll(async () => (await orders()).length, { timeout: 20_000 }).toBe(1);
    const [sold] = await orders();
    expect(sold?.status).toBe('Delivered');
    await expect.poll(() => available(context.request, ikeja, CYLINDER)).toBe(ikejaBefore - 1);
    expect(await available(context.request, lekki, CYLINDER)).toBe(lekkiBefore);
    // A reload sends nothing twice.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are on shift' })).toBeVisible();
    expect(await orders()).toHaveLength(1);
    expect(await available(context.request, ikeja, CYLINDER)).toBe(ikejaBefore - 1);
  } finally {
    await context.close();
  }
});

/** axe on the main content in the light and the dark scheme at 360 and 1024 px; with SHOTS_DIR, a screenshot of each. */
async function checkScreen(page: Page, name: string, widths: readonly number[] = [360, 1024]) {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      // A dialog still fading in has see-through colours; measure it once it has settled.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[role="dialog"]')].every((el) => getComputedStyle(el).opacity === '1'),
      );
      const axe = await new AxeBuilder({ page }).include('main').analyze();
      problems.push(
        ...axe.violations.map(
          (v) => `${name} ${width} ${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      );
      if (process.env.SHOTS_DIR) {
        mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect.soft(problems).toEqual([]);
}

/** A signed-in client's phone with a paid pickup order at Ikeja, and the CEO's tablet. */
async function screensSetup(browser: Browser) {
  const { ikeja, lekki, ceo } = await centersWorld(browser);
  const client = await phone(browser);
  const boss = await tablet(browser, ceo);
  const clientHeaders = device();
  await signInByApi(client.context.request, freshNumber('0817'), 'signup', clientHeaders);
  const order = await paidPickup(client.context.request, clientHeaders, ikeja);
  return { ikeja, lekki, ceo, client, boss, order };
}

// Each screen is checked in two widths and two schemes: a few screens per journey.
test.describe('the centers’ screens read in both widths and schemes', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the checkout’s center choice and the order page naming the center', async ({ browser }) => {
    const { client, boss, order } = await screensSetup(browser);
    try {
      await client.page.goto('/products');
      await client.page
        .getByRole('region', { name: 'Cylinders' })
        .getByRole('button', { name: 'Add 50 kg gas cylinder' })
        .click();
      await expect(client.page.getByRole('radiogroup', { name: 'Gas center to collect from' })).toContainText(
        'Not enough stock here',
      );
      await checkScreen(client.page, 'checkout-center-choice');
      await client.page.goto(`/order/${order.orderNumber}`);
      await expect(client.page.getByText(`Collect at ${IKEJA_WHERE}`)).toBeVisible();
      await checkScreen(client.page, 'order-center');
    } finally {
      await boss.context.close();
      await client.context.close();
    }
  });

  test('the move dialog and the dispatch board’s center', async ({ browser }) => {
    const { client, boss, order } = await screensSetup(browser);
    try {
      const page = boss.page;
      await page.goto(`/dashboard/orders/detail/${order.id}`);
      await page.getByRole('button', { name: 'Move to another center' }).click();
      await expect(page.getByRole('dialog', { name: `Move order ${order.orderNumber}` })).toBeVisible();
      await checkScreen(page, 'move-dialog');
      await page.goto('/dashboard/dispatch');
      await expect(page.getByRole('combobox', { name: 'Gas center' })).toBeVisible();
      await checkScreen(page, 'dispatch-center');
    } finally {
      await boss.context.close();
      await client.context.close();
    }
  });

  test('sales and drawers with the center filter', async ({ browser }) => {
    const { client, boss } = await screensSetup(browser);
    try {
      const page = boss.page;
      await page.goto('/dashboard/sales');
      await expect(page.getByRole('table', { name: 'Sales per gas center' })).toBeVisible();
      await checkScreen(page, 'sales-centers');
      await page.goto('/dashboard/drawers');
      await expect(page.getByRole('heading', { name: 'Per gas center' })).toBeVisible();
      await checkScreen(page, 'drawers-centers');
    } finally {
      await boss.context.close();
      await client.context.close();
    }
  });

  test('stock per center, transfers and the centers', async ({ browser }) => {
    const { ikeja, lekki, ceo, client, boss } = await screensSetup(browser);
    try {
      // One transfer left in transit, so the screen shows its Cancel.
      const sent = await boss.context.request.post('/api/centers/transfers', {
        headers: ceo.headers,
        data: {
          fromCenterId: lekki.id,
          toCenterId: ikeja.id,
          productId: await productId(boss.context.request, CYLINDER),
          quantity: 1,
          note: 'A spare for the counter',
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const page = boss.page;
      await page.goto('/dashboard/update-data');
      await page.getByRole('tab', { name: 'Quotas' }).click();
      await page.getByRole('combobox', { name: 'Stock at' }).click();
      await page.getByRole('option', { name: LEKKI }).click();
      await expect(page.getByRole('combobox', { name: 'Stock at' })).toHaveValue(LEKKI);
      await checkScreen(page, 'stock-center');
      await page.goto('/dashboard/transfers');
      await page.getByRole('combobox', { name: 'Gas center' }).click();
      await page.getByRole('option', { name: LEKKI }).click();
      await expect(
        page.getByRole('button', { name: `Cancel 1 item of ${CYLINDER} to ${IKEJA}` }).first(),
      ).toBeVisible();
      await checkScreen(page, 'transfers');
      await page.goto('/dashboard/centers');
      await expect(page.getByRole('heading', { name: 'Gas centers', level: 1 })).toBeVisible();
      await checkScreen(page, 'centers');
    } finally {
      await boss.context.close();
      await client.context.close();
    }
  });
});
