// The client's whole cycle on a cheap phone (360 px): the cart survives a reload, the checkout
// pays with the saved card in one tap or from the wallet, a declined card says why, a paid order
// has a receipt and can be ordered again, and the catalogue and wallet read offline with their age.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  createWallet,
  expectTapTargets,
  platformHeaders,
  signUpByApi,
  waitForAppCode,
  waitForServiceWorker,
} from './support';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** axe on the page's main content (and any open dialog) in the current colour scheme. */
async function expectAccessible(page: Page) {
  // A dialog still fading in has see-through colours; measure it once it has settled.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].every((el) => getComputedStyle(el).opacity === '1'),
  );
  const { violations } = await new AxeBuilder({ page }).exclude('header').exclude('footer').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * axe in light and dark at 360 px and 1024 px; with SHOTS set, saves the four screenshots under
 * /tmp/checkout-shots to be looked at. Leaves the page at 360 px, light.
 */
async function checkScreen(page: Page, name: string) {
  for (const width of [360, 1024]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await page.emulateMedia({ colorScheme });
      await expectAccessible(page);
      if (process.env.SHOTS) {
        mkdirSync('/tmp/checkout-shots', { recursive: true });
        await page.screenshot({ path: `/tmp/checkout-shots/${name}-${width}-${colorScheme}.png`, fullPage: true });
      }
    }
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function addBurner(page: Page) {
  await page
    .getByRole('region', { name: 'Burners and regulators' })
    .getByRole('button', { name: /^Add / })
    .first()
    .click();
}

/** Pays a first order by card through the API and keeps the card, as the success page would. */
async function saveACard(page: Page) {
  const catalogue = await page.request.get('/api/product/');
  const { products } = (await catalogue.json()) as { products: { id: string; type: string }[] };
  const burner = products.find((p) => p.type === 'Burner');
  if (!burner) throw new Error('no burner in the catalogue');
  const order = await page.request.post('/api/order/new', {
    headers: platformHeaders,
    data: { type: 'Product', items: [{ productId: burner.id, quantity: 1 }], deliveryOption: 'PickerUP' },
  });
  const { orderNumber } = (await order.json()) as { orderNumber: string };
  const initiated = await page.request.post('/api/payment/initiate/order', {
    headers: platformHeaders,
    data: { orderNumber },
  });
  const checkout = (await initiated.json()) as { accessCode: string; paymentNumber: string };
  const paid = await page.request.post(`/sandbox/checkout/${checkout.accessCode}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/payment/verify/${checkout.paymentNumber}`);
      return ((await res.json()) as { status: string }).status;
    })
    .toBe('success');
  const saved = await page.request.put('/api/payment/save_usable', {
    headers: platformHeaders,
    data: { paymentNumber: checkout.paymentNumber },
  });
  expect(((await saved.json()) as { saved: boolean }).saved).toBe(true);
}

test('the saved card: the cart survives a reload, a decline says why, one tap pays, the receipt and Order again', async ({
  page,
}) => {
  // Four screens checked in two widths and two schemes: longer than a plain journey.
  test.setTimeout(150_000);
  await signUpByApi(page, '0818');
  await saveACard(page);

  await page.goto('/products');
  await addBurner(page);
  await page.getByRole('radio', { name: 'Picked up by someone else' }).check();
  await page.getByRole('textbox', { name: 'Name of the person picking up' }).pressSequentially('Tunde', { delay: 40 });
  await page.getByRole('textbox', { name: 'Their mobile number' }).pressSequentially('08031234567', { delay: 40 });

  // A reload mid-checkout: the cart and what was typed are still there, and the cart never says
  // it is empty, nor counts 0, while the saved one is being read.
  await page.addInitScript(() => {
    const seen = { empty: false, zero: false };
    Object.assign(window, { cartSeen: seen });
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Your cart is empty')) seen.empty = true;
      if (document.querySelector('[aria-label="0 items in cart"]')) seen.zero = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByLabel('1 items in cart')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cartSeen: object }).cartSeen)).toEqual({
    empty: false,
    zero: false,
  });
  await expect(page.getByRole('radio', { name: 'Picked up by someone else' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Their mobile number' })).toHaveValue('08031234567');

  // The saved card is offered; the bank declines the first charge.
  const declined = await page.request.post('/sandbox/paystack-control/decline', {
    data: { reason: 'Insufficient Funds' },
  });
  expect(declined.ok(), await declined.text()).toBe(true);
  await page.getByRole('radio', { name: 'Saved card ending 4081' }).check();
  await expectTapTargets(page);
  await checkScreen(page, 'checkout-saved-card');
  await page.getByRole('button', { name: 'Pay with card ending 4081' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment error' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Something went wrong with the payment page !')).toBeVisible();
  await expect(dialog.getByTestId('decline-reason')).toHaveText('Your card was declined: Insufficient Funds');
  await expect(dialog.getByText(/does not have enough money/)).toBeVisible();
  await expectTapTargets(page);
  await checkScreen(page, 'checkout-declined');

  // Try again: one tap, paid; no card details typed, and no offer to save the card again.
  const charged = page.waitForResponse((r) => r.url().endsWith('/api/payment/paystack/send_payment'));
  await dialog.getByRole('button', { name: 'Try again' }).click();
  expect((await charged).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  await expect(page.getByText('Save this card for faster payments?')).toHaveCount(0);
  const url = new URL(page.url());
  const [, , , orderNumber = '', paymentNumber = ''] = url.pathname.split('/');
  expect(paymentNumber).toMatch(/^PMT-/);
  await expect(page.getByText(`Payment number ${paymentNumber}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', `/order/${orderNumber}/receipt`);

  // One reference everywhere: the order page and the receipt name the same payment number.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderNumber}$`));
  // (The success page also says "Payment number …": wait for the order page itself.)
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(/^Placed .* · Payment number /)).toContainText(paymentNumber);
  await expect(page.getByRole('button', { name: 'Order again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expectTapTargets(page);
  await checkScreen(page, 'order-paid');
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderNumber}/receipt$`));
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-payment-number')).toHaveText(paymentNumber);
  await expect(page.getByText('Paid with')).toBeVisible();
  await expect(page.getByRole('img', { name: `Pickup QR code for order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expectTapTargets(page);
  await checkScreen(page, 'receipt');
  // Printed, only the receipt shows: the buttons and the app's header are hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('receipt-payment-number')).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: '/tmp/checkout-shots/receipt-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Order again: the same lines at today's prices and the same delivery choice, in the cart.
  await page.goto(`/order/${orderNumber}`);
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByLabel('1 items in cart')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Picked up by someone else' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Name of the person picking up' })).toHaveValue('Tunde');
});

test('a card declined in the checkout shows the reason Paystack gave and what to do', async ({ page }) => {
  await signUpByApi(page, '0818');
  await page.goto('/products');
  await addBurner(page);
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  const frame = page.frameLocator('iframe[title="Paystack checkout"]');
  await frame.getByRole('combobox', { name: 'Decline reason' }).selectOption('Expired Card');
  await frame.getByRole('button', { name: 'Fail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment error' });
  await expect(dialog.getByTestId('decline-reason')).toHaveText('Your card was declined: Expired Card');
  await expect(dialog.getByText('This card has expired. Pay with another card or from your wallet.')).toBeVisible();
  await expectAccessible(page);
  // Try again reopens the checkout, and paying there works.
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
});

test('pay from the wallet chosen at checkout', async ({ page }) => {
  await signUpByApi(page, '0818');
  await createWallet(page, 5_000_000);
  await page.goto('/products');
  await addBurner(page);
  await expect(page.getByText('Balance ₦50,000.00')).toBeVisible();
  await page.getByRole('radio', { name: 'Wallet' }).check();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/payment/wallet') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  expect((await paid).ok()).toBe(true);
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  await expect(page.getByLabel('Order status timeline')).toContainText('Paid');
  await expect(page.getByText(/Payment number PAY-/)).toBeVisible();
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByText('Paid with')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Wallet' })).toBeVisible();
});

test('the catalogue and the wallet read offline from the device, with their age', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpByApi(page, '0818');
  await createWallet(page, 250_000);
  // A first visit: the local database's code has not arrived when the wallet shows (it loads after
  // the first screen; here the page's first request for it is held, never answered), and the
  // client leaves at once (another address typed). What was shown must still be there offline.
  let held = false;
  await page.route(/\/assets\/local-db-[^/]+\.js$/, (route) => {
    if (held) return route.continue();
    held = true;
  });
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦2,500.00');
  await expect(page.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem')).toHaveCount(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Order gas and products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Burners and regulators' })).toBeVisible();
  expect(await waitForServiceWorker(page)).toBe('activated');
  // The wallet and the shop are first views, which bring none of the app's code: the client has used
  // the app on this phone too (their settings), so the worker keeps all of it.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await waitForAppCode(page);
  await page.goto('/products');
  await expect(page.getByRole('region', { name: 'Burners and regulators' })).toBeVisible();
  // The catalogue is saved on the device once the local database's code has loaded, after the
  // first screen and when the browser is idle: wait for it there (opening a database that is not
  // there yet would create an empty one).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!(await indexedDB.databases()).some((db) => db.name === 'arrive')) return false;
          return new Promise<boolean>((resolve) => {
            const open = indexedDB.open('arrive');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('orders')) {
                db.close();
                resolve(false);
                return;
              }
              const get = db.transaction('orders').objectStore('orders').get('catalogue');
              get.onsuccess = () => {
                db.close();
                resolve(get.result !== undefined);
              };
              get.onerror = () => {
                db.close();
                resolve(false);
              };
            };
          });
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  // The prices were saved two hours ago.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('arrive');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('orders', 'readwrite');
          const store = tx.objectStore('orders');
          const get = store.get('catalogue');
          get.onsuccess = () => store.put({ ...get.result, updatedAt: Date.now() - 2 * 3_600_000 - 60_000 });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Prices from 2 h ago' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Burners and regulators' })).toBeVisible();
  await addBurner(page);
  // Placing the order needs the network: said before anything is typed, and the button is off.
  await expect(page.getByText('Placing an order needs a connection')).toBeVisible();
  await expect(page.getByRole('button', { name: 'You are offline', exact: true })).toBeDisabled();
  await checkScreen(page, 'products-offline');

  await page.goto('/wallet');
  await expect(page.getByRole('status').filter({ hasText: /Balance from (just now|\d+ min ago)/ })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦2,500.00');
  await expect(page.getByRole('list', { name: 'Wallet transactions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(/Transactions from/)).toBeVisible();
  await page.getByRole('tab', { name: 'AddFund' }).click();
  await expect(page.getByText('Connect to the internet to top up your wallet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Amount/ })).toBeDisabled();
  await checkScreen(page, 'wallet-offline');
  await context.setOffline(false);
});
