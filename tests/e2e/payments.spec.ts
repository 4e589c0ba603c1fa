import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { platformHeaders, signUpByApi } from './support';

/** Places a pickup order for one burner through the API; answers its number. */
async function placeOrder(page: Page): Promise<string> {
  const catalogue = await page.request.get('/api/product/');
  const { products } = (await catalogue.json()) as { products: { id: string; type: string }[] };
  const burner = products.find((p) => p.type === 'Burner');
  if (!burner) throw new Error('no burner in the catalogue');
  const res = await page.request.post('/api/order/new', {
    headers: platformHeaders,
    data: { type: 'Product', items: [{ productId: burner.id, quantity: 1 }], deliveryOption: 'PickerUP' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: string }).orderNumber;
}

async function orderStatus(page: Page, orderNumber: string): Promise<string> {
  const res = await page.request.get(`/api/order/${orderNumber}`);
  return ((await res.json()) as { status: string }).status;
}

/** From the order screen, through the redirect screen, to the open sandbox checkout. */
async function startPayment(page: Page, orderNumber: string) {
  await page.goto(`/order/${orderNumber}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Redirecting to Paystack for Payment' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment/paystack/ARV_[0-9a-f]+/[0-9a-f]+/${orderNumber}/OrderPayment$`));
  return checkout(page);
}

/** The checkout inside the overlay, once it has loaded. */
async function checkout(page: Page) {
  const frame = page.frameLocator('iframe[title="Paystack checkout"]');
  await expect(frame.getByRole('button', { name: 'Pay' })).toBeVisible();
  return frame;
}

test.beforeEach(async ({ page }) => {
  await signUpByApi(page, '0816');
});

test('pay an order in the sandbox checkout: success page, saved-card choice, order Paid', async ({ page }) => {
  const orderNumber = await placeOrder(page);
  const frame = await startPayment(page, orderNumber);
  await expect(frame.getByTestId('checkout-amount')).toContainText('₦');
  await frame.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText('Payment success')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment/success/${orderNumber}/PMT-[A-Z0-9]+/OrderPayment$`));
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  await expect(page.getByText(`Your payment for order number #${orderNumber} is completed`)).toBeVisible();
  expect(await orderStatus(page, orderNumber)).toBe('Paid');

  const accessibility = await new AxeBuilder({ page }).analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  // The saved-card panel: keeping the card takes the client on to the order.
  await expect(page.getByText('Save this card for faster payments?')).toBeVisible();
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderNumber}$`));
  const usable = await page.request.get('/api/payment/usable');
  expect((await usable.json()).card).toMatchObject({ last4: '4081' });
});

test('cancel: Continue to Pay reopens the checkout, Close payment goes back to the order', async ({ page }) => {
  const orderNumber = await placeOrder(page);
  let frame = await startPayment(page, orderNumber);
  await frame.getByRole('button', { name: 'Cancel' }).click();

  const dialog = page.getByRole('dialog', { name: 'Canceling your payment?' });
  await expect(dialog).toBeVisible();
  const accessibility = await new AxeBuilder({ page }).analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Continue to Pay' }).click();
  frame = await checkout(page);

  await frame.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Canceling your payment?' })
    .getByRole('button', { name: 'Close payment' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderNumber}$`));
  expect(await orderStatus(page, orderNumber)).toBe('Not Paid');
});

test('fail: the Payment error dialog, Close payment, and Try again then paying', async ({ page }) => {
  const orderNumber = await placeOrder(page);
  let frame = await startPayment(page, orderNumber);
  await frame.getByRole('button', { name: 'Fail' }).click();

  const dialog = page.getByRole('dialog', { name: 'Payment error' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Something went wrong with the payment page !')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderNumber}$`));
  expect(await orderStatus(page, orderNumber)).toBe('Not Paid');

  // The same checkout again (the server hands out the still-open one), declined, then retried and paid.
  frame = await startPayment(page, orderNumber);
  await frame.getByRole('button', { name: 'Fail' }).click();
  await page.getByRole('dialog', { name: 'Payment error' }).getByRole('button', { name: 'Try again' }).click();
  frame = await checkout(page);
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  expect(await orderStatus(page, orderNumber)).toBe('Paid');
});

test('no connection: the payment says it needs one instead of spinning, and goes on once back', async ({
  page,
  context,
}) => {
  const orderNumber = await placeOrder(page);
  // The connection drops just as the payment starts.
  await page.route('**/api/payment/initiate/order', (route) => route.abort('internetdisconnected'));
  await page.goto(`/order/${orderNumber}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Paying needs an internet connection.', { exact: false })).toBeVisible();
  await page.unroute('**/api/payment/initiate/order');
  await page.getByRole('button', { name: 'Try again' }).click();
  let frame = await checkout(page);

  // Offline when going back to the checkout: said plainly, no endless spinner.
  await frame.getByRole('button', { name: 'Cancel' }).click();
  // The connection drops once the cancel is asked about: dropped while the checkout was still
  // answering the Cancel, the checkout itself failed ("Payment error"), another case.
  const cancelling = page.getByRole('dialog', { name: 'Canceling your payment?' });
  await expect(cancelling).toBeVisible();
  await context.setOffline(true);
  await cancelling.getByRole('button', { name: 'Continue to Pay' }).click();
  await expect(page.getByText('Paying needs an internet connection.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting for the network…' })).toBeDisabled();
  await expect(page.locator('iframe[title="Paystack checkout"]')).toHaveCount(0);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  frame = await checkout(page);
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  expect(await orderStatus(page, orderNumber)).toBe('Paid');
});
