import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { waitForAppCode, waitForServiceWorker, waitForViews } from './support';

/** A number nobody has used yet in this server's fresh database. */
function freshNumber(): string {
  const tail = String((Date.now() + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, '0');
  return `0814${tail}`;
}

/**
 * Signs the browser context in through the API (sign up, code from the sandbox outbox, confirm):
 * the cookies land in the context, as after the sign-in screens.
 */
async function signIn(context: BrowserContext): Promise<string> {
  const phone = freshNumber();
  const international = `234${phone.slice(1)}`;
  const headers = { 'x-platform': 'web' };
  const signup = await context.request.post('/api/auth/signup', { data: { phoneNumber: phone }, headers });
  expect(signup.ok(), await signup.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const res = await context.request.get(`/api/dev/outbox?to=${international}`);
      const [latest] = (await res.json()).messages as { body: string }[];
      code = latest?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const confirm = await context.request.post('/api/auth/opt_confirmation', {
    data: { optCode: code, mobileNumber: phone },
    headers,
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  return phone;
}

/** axe on the page's main content (the shared header and footer are checked by their own journeys). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function addRefill(page: Page, sizeLabel: RegExp) {
  // Mantine's chip hides its radio input and shows the label.
  await page.locator('label').filter({ hasText: sizeLabel }).click();
  await expect(page.getByRole('radio', { name: sizeLabel })).toBeChecked();
  await page.getByRole('button', { name: /^Add .* kg refill/ }).click();
}

async function placeOrder(page: Page): Promise<string> {
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/order/new') && r.request().method() === 'POST');
  // The checkout asks how to pay; a new client has no wallet, so the card it is.
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  const res = await placed;
  expect(res.status()).toBe(201);
  expect(res.request().headers()['idempotency-key']).toBeTruthy();
  await expect(page).toHaveURL(/\/payment\/redirect$/);
  return (await res.json()).orderNumber as string;
}

test('order gas for pickup and find it in the history', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Order gas and products' })).toBeVisible();
  await expect(page.getByText('₦1,250.00 per kg')).toBeVisible();
  await addRefill(page, /^12\.5 kg/);
  await expect(page.getByText('Gas refill: 12.5 kg in a 12.5 kg cylinder')).toBeVisible();
  await expect(page.getByText('₦15,625.00').first()).toBeVisible();
  await expectAccessible(page);
  const orderNumber = await placeOrder(page);

  await page.goto('/order/history');
  const row = page.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('Not Paid');
  await expect(row).toContainText('₦15,625.00');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  // A new client has no wallet: the card, and a way to create one.
  await expect(page.getByRole('button', { name: 'Pay from wallet' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create a wallet' })).toBeVisible();
  await expect(page.getByLabel('Order status timeline')).toContainText('Not Paid');
  await expectAccessible(page);
  await page.goto('/order/history');
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await expectAccessible(page);
});

test('order a stove for home delivery with a quoted fee', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Table-top gas cooker, 2 burners' }).click();
  await page.getByRole('radio', { name: 'Home delivery' }).check();
  await expect(page.getByRole('button', { name: 'Enter the street address and area' })).toBeDisabled();
  await page.getByLabel('Street address').fill('12 Herbert Macaulay Way');
  await page.getByRole('combobox', { name: 'Area' }).fill('Yaba');
  await expect(page.getByText(/^Delivery \([\d.]+ km, estimated\)$/)).toBeVisible();
  const fee = page.getByText(/^Delivery \(/).locator('xpath=following-sibling::*[1]');
  await expect(fee).toHaveText(/^₦[\d,]+\.00$/);
  await expectAccessible(page);
  const orderNumber = await placeOrder(page);

  await page.goto(`/order/${orderNumber}`);
  await expect(page.getByRole('row', { name: /Delivery \([\d.]+ km/ })).toBeVisible();
  await expect(page.getByText('Home delivery: 12 Herbert Macaulay Way, Yaba')).toBeVisible();

  // The address is offered again next time.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add Table-top gas cooker, 2 burners' }).click();
  await page.getByRole('radio', { name: 'Home delivery' }).check();
  await page.getByRole('combobox', { name: 'Use a previous address' }).click();
  await page.getByRole('option', { name: '12 Herbert Macaulay Way, Yaba' }).click();
  await expect(page.getByLabel('Street address')).toHaveValue('12 Herbert Macaulay Way');
});

test('the history and an opened order stay readable offline', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Order gas and products' })).toBeVisible();
  expect(await waitForServiceWorker(page)).toBe('activated');
  await addRefill(page, /^6 kg/);
  // The first cart line ran the app: the worker keeps its code (the shop alone brought none).
  await waitForAppCode(page);
  const orderNumber = await placeOrder(page);

  await page.goto('/order/history');
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();

  // The network goes; the saved copies answer, saying how old they are.
  await context.setOffline(true);
  await page.getByRole('link', { name: '← Order history' }).click();
  await expect(page.getByText('You are offline').first()).toBeVisible();
  await expect(
    page.getByText(/Showing the copy saved on this device, last updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
  ).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('Not Paid');
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(/Showing the copy saved on this device/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await context.setOffline(false);
});

// A reload offline draws the history without the network: the worker answers with the history's
// first view, which trusts the last session this device knew, and the saved history shows.
test('the history survives a reload while offline', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/order/history');
  expect(await waitForServiceWorker(page)).toBe('activated');
  // The history's first view and its page are all a reload offline needs.
  await waitForViews(page);
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Showing the copy saved on this device/)).toBeVisible();
  await context.setOffline(false);
});
