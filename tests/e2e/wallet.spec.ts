import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { placeBurnerOrder, platformHeaders, signUpByApi } from './support';

const balance = (page: Page) => page.getByTestId('wallet-balance');

test('create a wallet, fund it by card and by bank transfer, pay an order from it, see the transactions', async ({
  page,
}) => {
  await signUpByApi(page, '0817');

  // Create the wallet: intro, then the form; Continue waits for consent.
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Obi');
  await page.getByRole('textbox', { name: 'Email' }).fill(`ada-${Date.now()}@example.com`);
  const create = page.getByRole('button', { name: 'Continue' });
  await expect(create).toBeDisabled();
  await page.getByRole('checkbox').check();
  await create.click();
  await expect(balance(page)).toHaveText('₦0.00');
  const walletNumber = (await page.getByText(/^[1-9]\d{9}$/).textContent())?.trim();
  expect(walletNumber).toMatch(/^[1-9]\d{9}$/);
  await expect(page.getByRole('tab', { name: 'Withdraw' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Transfer' })).toBeDisabled();
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Fund it by card: amount, confirm, redirect, sandbox checkout 'Pay'.
  await page.getByRole('tab', { name: 'AddFund' }).click();
  await page.getByRole('textbox', { name: /Amount/ }).fill('6000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('confirm-amount')).toHaveText('₦6,000.00');
  await page.getByRole('button', { name: 'Confirm amount' }).click();
  await expect(page.getByRole('heading', { name: 'Redirecting to Paystack for Payment' })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Paystack checkout"]');
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your wallet has been funded successfully')).toBeVisible();

  await page.goto('/wallet');
  await expect(balance(page)).toHaveText('₦6,000.00');

  // A bank transfer into the virtual account (the emulator plays the sending bank).
  await page.getByRole('button', { name: 'Show bank details' }).click();
  const accountNumber = (await page.getByText(/^9\d{9}$/).textContent())?.trim() ?? '';
  expect(accountNumber).toMatch(/^\d{10}$/);
  const transfer = await page.request.post('/api/wallet/simulate_transfer', {
    headers: platformHeaders,
    data: { accountNumber, amount: 500_000 },
  });
  expect(transfer.ok(), await transfer.text()).toBe(true);
  await page.reload();
  await expect(balance(page)).toHaveText('₦11,000.00');

  // Pay an order from the wallet on the order page.
  const order = await placeBurnerOrder(page);
  await page.goto(`/order/${order.orderNumber}`);
  await page.getByRole('button', { name: 'Pay from wallet' }).click();
  await expect(page.getByText('Paid from your wallet.')).toBeVisible();
  const paid = await page.request.get(`/api/order/${order.orderNumber}`);
  expect(((await paid.json()) as { status: string; paymentType: string }).status).toBe('Paid');

  // The wallet shows the new balance and every movement.
  await page.goto('/wallet');
  await expect(balance(page)).toHaveText(/₦/);
  const expected = 1_100_000 - order.total;
  await expect(balance(page)).toHaveText(`₦${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  const rows = page.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`Order #${order.orderNumber}`);
  await expect(rows.nth(0)).toContainText('debit');
  await expect(rows.nth(1)).toContainText('Sandbox Sender');
  await expect(rows.nth(1)).toContainText('credit');
  await expect(rows.nth(1)).toContainText('Test Bank');
  await expect(rows.nth(2)).toContainText('Card top-up');
  await expect(rows.nth(2)).toContainText('+₦6,000.00');
  await expect(rows.nth(2)).toContainText(/\d{2}\/\d{2}\/\d{4}/);
});

test('paying from a wallet too small is refused and changes nothing', async ({ page }) => {
  await signUpByApi(page, '0817');
  const created = await page.request.post('/api/wallet/create', {
    headers: platformHeaders,
    data: { firstname: 'Bola', lastname: 'Ade', email: `bola-${Date.now()}@example.com`, consentGiven: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const order = await placeBurnerOrder(page);
  const res = await page.request.post('/api/payment/wallet', {
    headers: platformHeaders,
    data: { orderNumber: order.orderNumber },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({ type: 'InsufficientFund' });
  await page.goto('/wallet');
  await expect(balance(page)).toHaveText('₦0.00');
  await expect(page.getByText('No transactions yet', { exact: false })).toBeVisible();
});

test('the checkout offers the wallet: too small it says how much to top up; once funded it pays the order', async ({
  page,
}) => {
  await signUpByApi(page, '0817');
  const created = await page.request.post('/api/wallet/create', {
    headers: platformHeaders,
    data: { firstname: 'Chidi', lastname: 'Eze', email: `chidi-${Date.now()}@example.com`, consentGiven: true },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/products');
  await page
    .getByRole('region', { name: 'Burners and regulators' })
    .getByRole('button', { name: /^Add / })
    .first()
    .click();
  const walletChoice = page.getByRole('radio', { name: 'Wallet' });
  await expect(walletChoice).toBeDisabled();
  await expect(page.getByText('Balance ₦0.00')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Top up ₦[\d,]+\.\d{2}$/ })).toHaveAttribute(
    'href',
    /^\/wallet\?tab=add-fund&amount=\d+$/,
  );

  // Money arrives by bank transfer; the cart is still there after a reload.
  const client = await page.request.get('/api/wallet/client', { headers: platformHeaders });
  const { wallet } = (await client.json()) as { wallet: { virtualAccount: { accountNumber: string } } };
  const transfer = await page.request.post('/api/wallet/simulate_transfer', {
    headers: platformHeaders,
    data: { accountNumber: wallet.virtualAccount.accountNumber, amount: 5_000_000 },
  });
  expect(transfer.ok(), await transfer.text()).toBe(true);
  await page.reload();
  await expect(page.getByLabel('1 items in cart')).toBeVisible();
  await expect(page.getByText('Balance ₦50,000.00')).toBeVisible();
  await expect(walletChoice).toBeEnabled();
  await walletChoice.check();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/payment/wallet') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  expect((await paid).ok()).toBe(true);
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  await expect(page.getByLabel('Order status timeline')).toContainText('Paid');

  // Placed: the cart is empty next time.
  await page.goto('/products');
  await expect(page.getByLabel('0 items in cart')).toBeVisible();
});
