// Told when things move, on a cheap phone (360 px): the client pays a pickup order in the sandbox
// checkout and the "paid and ready for pickup" SMS (pickup code, receipt link) reaches the
// sandbox outbox; the order page then offers push once; Settings → Notifications turns SMS off.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { placeBurnerOrder, platformHeaders, signUpByApi } from './support';

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

async function outbox(page: Page, phone: string): Promise<string[]> {
  const res = await page.request.get(`/api/dev/outbox?to=${phone}`);
  return ((await res.json()).messages as { body: string }[]).map((m) => m.body);
}

test('a client pays a pickup order: the paid-and-ready SMS reaches the outbox; the order offers push once', async ({
  page,
}) => {
  const phone = await signUpByApi(page, '0817');
  const order = await placeBurnerOrder(page);

  await page.goto(`/order/${order.orderNumber}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Paystack checkout"]');
  await expect(frame.getByRole('button', { name: 'Pay' })).toBeVisible();
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();

  // The worker sends within seconds of the payment, never inside it.
  let sms = '';
  await expect
    .poll(async () => {
      sms = (await outbox(page, phone)).find((b) => b.includes(order.orderNumber)) ?? '';
      return sms;
    })
    .toContain('ready for pickup');
  // The code the order page shows once paid (a paid order is eligible for pickup).
  const { pickupCode } = (await (await page.request.get(`/api/order/${order.orderNumber}`)).json()) as {
    pickupCode: string;
  };
  expect(pickupCode).toMatch(/^[A-Z0-9]{6}$/);
  expect(sms).toContain(`Pickup code: ${pickupCode}`);
  expect(sms).toMatch(new RegExp(`https?://[^ ]+/order/${order.orderNumber}/receipt`));
  // One message for the event, however often the success page verified the payment.
  expect((await outbox(page, phone)).filter((b) => b.includes(order.orderNumber))).toHaveLength(1);

  // Only now (a paid order), the offer to turn push on; "Not now" is remembered.
  await page.goto(`/order/${order.orderNumber}`);
  const offer = page.getByRole('region', { name: 'Notifications' });
  await expect(offer.getByText('Get told when your order moves?')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/notify-offer-360-${scheme}.png` });
    const axe = await new AxeBuilder({ page }).include('section[aria-label="Notifications"]').analyze();
    expect(axe.violations.map((v) => `${scheme} ${v.id}`)).toEqual([]);
  }
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByText('Get told when your order moves?')).toBeHidden();
});

test('Settings → Notifications: SMS off stops the next paid SMS; light and dark pass axe', async ({ page }) => {
  const phone = await signUpByApi(page, '0818');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Notifications' });
  const sms = section.getByRole('switch', { name: /Text messages/ });
  await expect(sms).toBeChecked();
  await expect(section.getByRole('switch', { name: /Refill reminders/ })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: /Cylinder expiry reminders/ })).toBeChecked();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/notify-settings-360-${scheme}.png`, fullPage: true });
    // The Notifications section (the theme and devices panel above it is not this screen's work).
    const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="notifications-title"]').analyze();
    expect(
      axe.violations.map(
        (v) => `${scheme} ${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join(', ')}`,
      ),
    ).toEqual([]);
  }
  // The same section on a tablet (the screenshots are looked at, not compared).
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/tmp/notify-settings-1024-${scheme}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="notifications-title"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'light' });
  const box = await section.locator('label').filter({ hasText: 'Text messages' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  // A tap anywhere on the row flips the switch: the (invisible) input covers the whole row, so
  // Playwright sees it "intercepting" the label text; force taps where a thumb would.
  const smsRow = section.getByText('Text messages (SMS)');
  await smsRow.click({ force: true });
  await expect(sms).not.toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get('/api/client/notifications')).json()) as { sms: boolean }).sms)
    .toBe(false);

  // Paid from the wallet now: no SMS for it.
  const created = await page.request.post('/api/wallet/create', {
    headers: platformHeaders,
    data: { firstname: 'Amaka', lastname: 'Quiet', email: `amaka${Date.now()}@example.com`, consentGiven: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { virtualAccount } = (await created.json()) as { virtualAccount: { accountNumber: string } };
  const funded = await page.request.post('/api/wallet/simulate_transfer', {
    headers: platformHeaders,
    data: { accountNumber: virtualAccount.accountNumber, amount: 10_000_000 },
  });
  expect(funded.ok(), await funded.text()).toBe(true);
  const payFromWallet = async (orderNumber: string) => {
    const paid = await page.request.post('/api/payment/wallet', {
      headers: { ...platformHeaders, 'idempotency-key': `wallet-${orderNumber}` },
      data: { orderNumber },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
  };
  const quiet = await placeBurnerOrder(page);
  await payFromWallet(quiet.orderNumber);

  // SMS back on, and a second order paid: once its SMS has come, the first one would have too.
  await smsRow.click({ force: true });
  await expect(sms).toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get('/api/client/notifications')).json()) as { sms: boolean }).sms)
    .toBe(true);
  const told = await placeBurnerOrder(page);
  await payFromWallet(told.orderNumber);
  await expect.poll(async () => (await outbox(page, phone)).some((b) => b.includes(told.orderNumber))).toBe(true);
  expect((await outbox(page, phone)).filter((b) => b.includes(quiet.orderNumber))).toEqual([]);
});
