import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { deviceAddress } from './support';

// The hand-over when the client's phone has no data: the counter texts the owner a one-time code,
// the owner reads it out, the associate types it and the order is handed over; and a Shift
// Supervisor approves another hand-over with a written reason. Two devices: the counter tablet
// (1024 px) and the client's phone (360 px), which goes offline.
//
// SHOTS_DIR=/tmp/shots saves screenshots of the screens this journey shows, light and dark.

// This file's journeys play one device (support.ts `deviceAddress`).
const headers = { 'x-platform': 'web', 'x-forwarded-for': deviceAddress() };
const CEO = '08010000001';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let numbers = 0;
function freshNumber(): string {
  numbers += 1;
  const tail = String((Date.now() + numbers * 7919 + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, '0');
  return `0818${tail}`;
}

const international = (phone: string) => `234${phone.slice(1)}`;

async function outbox(request: APIRequestContext, phone: string): Promise<{ body: string }[]> {
  const res = await request.get(`/api/dev/outbox?to=${international(phone)}`);
  return ((await res.json()) as { messages: { body: string }[] }).messages;
}

/** The newest 6-digit code texted to this number whose message includes `marker`, read from the sandbox outbox. */
async function codeFromOutbox(request: APIRequestContext, phone: string, marker: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const messages = (await outbox(request, phone)).filter((m) => m.body.includes(marker));
      if (messages.length <= after) return '';
      code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Signs a context in through the API, the code read from the sandbox outbox as the sign-in journeys do. */
async function signIn(request: APIRequestContext, phone: string, mode: 'signup' | 'login') {
  const before = (await outbox(request, phone)).length;
  const start = await request.post(`/api/auth/${mode}`, { data: { phoneNumber: international(phone) }, headers });
  expect(start.ok(), await start.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const messages = await outbox(request, phone);
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

async function startShift(request: APIRequestContext) {
  const active = (await (await request.get('/api/shift/active')).json()) as { shift: unknown };
  if (active.shift) return;
  const started = await request.post('/api/shift/start', { headers, data: { openingFloat: 0 } });
  expect(started.ok(), await started.text()).toBe(true);
}

/** A paid pickup order: placed, paid in the sandbox checkout through its API, verified. */
async function paidOrder(request: APIRequestContext): Promise<{ orderNumber: string; id: string; pickupCode: string }> {
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
  const view = await request.get(`/api/order/pickup/${order.id}`);
  const { pickupCode } = (await view.json()) as { pickupCode: string };
  return { ...order, pickupCode };
}

async function device(browser: Browser, kind: 'phone' | 'tablet'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    kind === 'phone'
      ? { viewport: { width: 360, height: 780 }, userAgent: ANDROID_UA, hasTouch: true, isMobile: true }
      : { viewport: { width: 1024, height: 768 }, hasTouch: true },
  );
  return { context, page: await context.newPage() };
}

/**
 * The CEO's signed-in browser context. The sign-in is done once for this file and its cookies
 * reused: every sign-in texts a code, and a number gets 5 codes an hour from one address.
 */
let ceoState: Awaited<ReturnType<BrowserContext['storageState']>> | null = null;
async function ceoContext(browser: Browser): Promise<BrowserContext> {
  if (ceoState) return browser.newContext({ storageState: ceoState });
  const context = await browser.newContext();
  await signIn(context.request, CEO, 'login');
  ceoState = await context.storageState();
  return context;
}

/** A staff member made by the CEO, signed in on a new tablet and on a shift. */
async function staffTablet(browser: Browser, ceo: APIRequestContext, role: string, firstname: string) {
  const phone = freshNumber();
  const made = await ceo.post('/api/staff/create', {
    headers,
    data: { phoneNumber: phone, role, access: ['Staff'], firstname, lastname: 'Okafor' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const tablet = await device(browser, 'tablet');
  await signIn(tablet.context.request, phone, 'login');
  await startShift(tablet.context.request);
  return tablet;
}

/** Axe in the light and the dark scheme, and (with SHOTS_DIR) a full-page screenshot of each. */
async function checkScreen(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${name} ${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    if (process.env.SHOTS_DIR) {
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Types like a person at a counter: one key at a time. */
const typeSlowly = (page: Page, label: string, text: string) =>
  page.getByLabel(label).pressSequentially(text, { delay: 90 });

async function findOrder(page: Page, pickupCode: string, orderNumber: string) {
  await page.goto('/dashboard/pickup');
  await expect(page.getByRole('heading', { name: 'Pick up', level: 1 })).toBeVisible();
  await typeSlowly(page, 'Pickup code', pickupCode);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Eligibility: Ready for pickup')).toBeVisible();
}

test('the client’s phone is offline: the counter texts a code, the client reads it out, the order is handed over once', async ({
  browser,
}) => {
  // Room for the server to miss the offline phone's heartbeat (about 20 s) on a busy machine.
  test.setTimeout(90_000);
  const phone = await device(browser, 'phone');
  let boss: BrowserContext | null = null;
  let tablet: { context: BrowserContext; page: Page } | null = null;
  try {
    // The client, a paid order, and their Pickup screen while connected.
    const clientNumber = freshNumber();
    await signIn(phone.context.request, clientNumber, 'signup');
    const order = await paidOrder(phone.context.request);
    await phone.page.goto('/pickup');
    await expect(phone.page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

    // The phone loses its data: the screen says truthfully what to do at the counter.
    await phone.context.setOffline(true);
    const offline = phone.page.getByRole('status', { name: 'You are offline' });
    await expect(offline).toContainText('ask the counter to text you a code');
    await expect(phone.page.getByText(/pickup code still work/)).toHaveCount(0);
    await expect(phone.page.getByLabel(`Pickup code ${order.pickupCode.split('').join(' ')}`)).toBeVisible();
    await checkScreen(phone.page, 'client-pickup-offline');

    // A sales associate at the counter, on a shift.
    boss = await ceoContext(browser);
    await startShift(boss.request);
    tablet = await staffTablet(browser, boss.request, 'Sales Associate', 'Chiamaka');
    const desk = tablet.page;
    // A phone that loses its data sends no goodbye: the server learns it from the missed heartbeat.
    await expect
      .poll(
        async () => {
          const res = await boss?.request.get(`/api/admin/pickup/${order.id}`);
          return ((await res?.json()) as { order?: { clientOnline?: boolean } } | undefined)?.order?.clientOnline;
        },
        { timeout: 40_000, intervals: [500] },
      )
      .toBe(false);
    await findOrder(desk, order.pickupCode, order.orderNumber);
    await expect(desk.getByText('Client’s phone offline', { exact: true })).toBeVisible();
    const panel = desk.getByRole('region', { name: 'Client’s phone offline or no app?' });
    // An associate cannot approve without the client; they are told who can.
    await expect(panel.getByText(/A Shift Supervisor, Manager or CEO can approve/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Approve hand-over' })).toHaveCount(0);

    // The code goes by SMS to the owner's number (a text needs no data).
    const sentBefore = (await outbox(desk.context().request, clientNumber)).filter((m) =>
      m.body.includes(`hand-over code for order ${order.orderNumber}`),
    ).length;
    await panel.getByRole('button', { name: 'Text a hand-over code' }).click();
    await expect(
      panel.getByRole('status').filter({ hasText: `Code sent to •••${clientNumber.slice(-4)}` }),
    ).toBeVisible();
    // The hand-over code's text, not the paid-and-ready SMS (its pickup code is six digits too, and
    // the outbox may take it after the count above).
    const code = await codeFromOutbox(
      desk.context().request,
      clientNumber,
      `hand-over code for order ${order.orderNumber}`,
      sentBefore,
    );
    await checkScreen(desk, 'counter-code-sent');

    // A misheard digit is counted, and says how many tries are left.
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await typeSlowly(desk, 'Hand-over code', wrong);
    await panel.getByRole('button', { name: 'Hand over with this code' }).click();
    await expect(panel.getByRole('alert')).toContainText('The code is not correct. 4 tries left.');
    await expect(desk.getByText('Eligibility: Ready for pickup')).toBeVisible();

    // The right code, read out by the client, typed at a human pace.
    await desk.getByLabel('Hand-over code').fill('');
    await typeSlowly(desk, 'Hand-over code', code);
    await panel.getByRole('button', { name: 'Hand over with this code' }).click();
    const approved = desk.getByRole('alert').filter({ hasText: 'Code accepted. Hand the order over.' });
    await expect(approved).toBeVisible();
    // One state on the card: the verdict is the outcome, never a raw code or "ready" beside it.
    await expect(desk.getByText('Eligibility: Approved: hand over')).toBeVisible();
    await expect(
      desk.getByText(/ALREADYPICKEDUP|AlreadyPickedUp|ELIGIBLE|Ready for pickup|Do not hand over/),
    ).toHaveCount(0);
    await checkScreen(desk, 'counter-handed-over-by-code');

    // Recorded once, with its method and the associate who handed it over.
    const record = (await (await desk.context().request.get(`/api/pickup/order/${order.id}`)).json()) as {
      order: { isDelivered: boolean; pickup: { status: string; handoverMethod: string; staffName: string } };
    };
    expect(record.order.isDelivered).toBe(true);
    expect(record.order.pickup).toMatchObject({
      status: 'Completed',
      handoverMethod: 'SmsCode',
      staffName: 'Chiamaka Okafor',
    });
    // The same code again hands nothing over.
    const again = await desk.context().request.post('/api/pickup/handover-code/confirm', {
      headers,
      data: { orderId: order.id, code },
    });
    expect(again.status()).toBe(409);

    // Back online, the client's screen shows the order as picked up.
    await phone.context.setOffline(false);
    await phone.page.goto('/pickup');
    const card = phone.page.getByRole('article', { name: `Order ${order.orderNumber}` });
    await expect(card.getByText('Picked up', { exact: true })).toBeVisible();
  } finally {
    await tablet?.context.close();
    await boss?.close();
    await phone.context.close();
  }
});

test('a Shift Supervisor approves a hand-over without the client, with a written reason', async ({ browser }) => {
  const client = await browser.newContext();
  let boss: BrowserContext | null = null;
  let tablet: { context: BrowserContext; page: Page } | null = null;
  try {
    await signIn(client.request, freshNumber(), 'signup');
    const order = await paidOrder(client.request);
    boss = await ceoContext(browser);
    await startShift(boss.request);
    tablet = await staffTablet(browser, boss.request, 'Shift Supervisor', 'Tunde');
    const desk = tablet.page;
    await findOrder(desk, order.pickupCode, order.orderNumber);

    const panel = desk.getByRole('region', { name: 'Client’s phone offline or no app?' });
    const approve = panel.getByRole('button', { name: 'Approve hand-over' });
    await expect(approve).toBeDisabled();
    await typeSlowly(desk, 'Approve without the client', 'ID seen: name and photo match the account');
    await checkScreen(desk, 'counter-supervisor-approval');
    // The counter on a phone-sized screen too.
    await desk.setViewportSize({ width: 360, height: 780 });
    await expect(approve).toBeEnabled();
    await checkScreen(desk, 'counter-supervisor-approval');
    await desk.setViewportSize({ width: 1024, height: 768 });
    await approve.click();
    await expect(desk.getByRole('alert').filter({ hasText: 'Approved by you. Hand the order over.' })).toBeVisible();
    await expect(desk.getByText('Eligibility: Approved: hand over')).toBeVisible();

    const record = (await (await desk.context().request.get(`/api/pickup/order/${order.id}`)).json()) as {
      order: { pickup: { handoverMethod: string; approvedByName: string; approvalReason: string } };
    };
    expect(record.order.pickup).toMatchObject({
      handoverMethod: 'SupervisorApproval',
      approvedByName: 'Tunde Okafor',
      approvalReason: 'ID seen: name and photo match the account',
    });
  } finally {
    await tablet?.context.close();
    await boss?.close();
    await client.close();
  }
});

test('staff follow-ups: leads and payment problems for the roles that may open them', async ({ browser }) => {
  const boss = await ceoContext(browser);
  let tablet: { context: BrowserContext; page: Page } | null = null;
  try {
    // A lead from the public site, and the CEO's screens on a phone and a tablet.
    const leadPhone = freshNumber();
    const lead = await boss.request.post('/api/leads/interest', {
      headers,
      data: { service: 'restaurant-partner', name: 'Ngozi Eze', phone: leadPhone, city: 'Lagos', businessName: 'Buka' },
    });
    expect(lead.status(), await lead.text()).toBe(201);
    // Money that arrives for an account no wallet holds: a payment problem the server records.
    const account = `99${String(Date.now()).slice(-8)}`;
    const transfer = await boss.request.post('/sandbox/paystack-control/transfer', {
      headers,
      data: { accountNumber: account, amount: 750_000 },
    });
    expect(transfer.ok(), await transfer.text()).toBe(true);
    await startShift(boss.request);
    await expect
      .poll(async () => {
        const res = await boss.request.get('/api/payment/errors?limit=100');
        const { items } = (await res.json()) as { items: { type: string; status: string }[] };
        return items.filter((i) => i.type === 'WalletNotFound' && i.status !== 'Resolved').length;
      })
      .toBeGreaterThan(0);
    const page = await boss.newPage();
    for (const width of [360, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard/leads');
      await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Ngozi Eze' }).first()).toBeVisible();
      await checkScreen(page, 'dashboard-leads');
      await page.goto('/dashboard/payment-problems');
      await expect(page.getByRole('heading', { name: 'Payment problems', level: 1 })).toBeVisible();
      await checkScreen(page, 'dashboard-payment-problems');
    }
    // Mark the lead contacted, with a note.
    await page.goto('/dashboard/leads');
    const card = page.getByRole('article', { name: 'Ngozi Eze' }).first();
    await card.getByRole('button', { name: /^Mark contacted/ }).click();
    await card.getByLabel(/^Note/).pressSequentially('Called, sending the partner pack', { delay: 30 });
    await card.getByRole('button', { name: 'Mark contacted', exact: true }).click();
    await page
      .locator('label')
      .filter({ hasText: /^Contacted$/ })
      .click();
    await expect(page.getByText(/Called, sending the partner pack/).first()).toBeVisible();

    // Resolve the payment problem with a note; it moves to Settled with the note and the resolver.
    await page.goto('/dashboard/payment-problems');
    const problem = page.getByRole('article', { name: 'Money arrived but no wallet to credit' }).first();
    await problem.getByRole('button', { name: /^Resolve/ }).click();
    await problem.getByLabel(/^What was done/).pressSequentially('Refunded to the sender', { delay: 30 });
    await problem.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page
      .locator('label')
      .filter({ hasText: /^Settled$/ })
      .click();
    await expect(page.getByText(/Refunded to the sender/).first()).toBeVisible();

    // A sales associate sees neither in the menu, and typing the address says so plainly.
    tablet = await staffTablet(browser, boss.request, 'Sales Associate', 'Emeka');
    const desk = tablet.page;
    await desk.goto('/dashboard/leads');
    await expect(desk.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    await expect(desk.getByText('This page is for Managers and the CEO.')).toBeVisible();
    const menu = desk.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Pick up' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Leads' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Payment problems' })).toHaveCount(0);
    await checkScreen(desk, 'dashboard-not-available');
  } finally {
    await tablet?.context.close();
    await boss.close();
  }
});
