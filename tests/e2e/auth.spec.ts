import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** A number nobody has used yet in this server's fresh database. */
function freshNumber(): string {
  const tail = String(Date.now() % 10_000_000).padStart(7, '0');
  return `0813${tail}`;
}

/** The newest code texted to a number, from the sandbox outbox. */
async function codeFor(page: Page, phone: string, notBefore: string | null = null): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${phone}`);
      const [latest] = (await res.json()).messages as { body: string; createdAt: string }[];
      if (!latest || (notBefore && latest.createdAt <= notBefore)) return '';
      code = latest.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function lastSentAt(page: Page, phone: string): Promise<string | null> {
  const res = await page.request.get(`/api/dev/outbox?to=${phone}`);
  return ((await res.json()).messages[0]?.createdAt as string | undefined) ?? null;
}

async function enterNumber(page: Page, phone: string) {
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function enterCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/auth\/verification\/mobile$/);
  await page.getByLabel('One-time code').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
}

test('sign up, sign out, sign in again, and the error messages on the way', async ({ page }) => {
  const phone = freshNumber();

  // Sign up a new number; the code comes from the outbox.
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  let before = await lastSentAt(page, phone);
  await enterNumber(page, phone);
  await enterCode(page, await codeFor(page, phone, before));

  // Signed in: a new client without orders lands on the products, with the signed-in menu.
  await expect(page).toHaveURL(/\/products$/);
  await openMenu(page);
  for (const item of ['Wallet', 'Order history', 'Pickup', 'Profile', 'Setting', 'Logout']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Login' })).toHaveCount(0);

  // A signed-in client who opens the verification screen is sent home.
  await page.keyboard.press('Escape');
  await page.goto('/auth/verification/mobile');
  await expect(page).toHaveURL(/\/$/);

  // Sign out.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A client page sends the visitor to login, and signing in returns there.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  before = await lastSentAt(page, phone);
  await enterNumber(page, phone);
  const code = await codeFor(page, phone, before);

  // A wrong code shows its message; the right one then signs in.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await enterCode(page, wrong);
  await expect(page.getByRole('alert')).toContainText('OTP has expired or invalid was provide, pls try');
  await page.getByLabel('One-time code').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Mobile number')).toHaveValue(phone);

  // Signing out from a client page lands at home, signed out.
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
});

test('an unknown number at login and a known one at signup show their messages', async ({ page }) => {
  await page.goto('/login');
  await enterNumber(page, freshNumber().replace(/^0813/, '0909'));
  await expect(page.getByRole('alert')).toContainText('Account with this detail does not exist, Signup');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  // The address changes before the app draws the next screen: until then the login form is there.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await enterNumber(page, '08010000002');
  await expect(page.getByRole('alert')).toContainText('Account with this detail exist, pls login');
  await page.getByLabel('Mobile number').fill('12345678901');
  await expect(page.getByText('Mobile number format is not correct')).toBeVisible();
});

test('the verification screen opened directly is locked and leads back to login', async ({ page }) => {
  await page.goto('/auth/verification/mobile');
  await expect(page.getByRole('alert')).toContainText('Something went wrong in verification, please go to login.');
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

async function signUpFresh(page: Page): Promise<string> {
  const phone = freshNumber();
  await page.goto('/signup');
  const before = await lastSentAt(page, phone);
  await enterNumber(page, phone);
  await enterCode(page, await codeFor(page, phone, before));
  await expect(page).toHaveURL(/\/products$/);
  return phone;
}

async function expectNoAxeViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('profile edits the name and email; settings switch the theme and sign out of every device', async ({ page }) => {
  const phone = await signUpFresh(page);

  await page.goto('/profile');
  await expect(page.getByLabel('Mobile number')).toHaveValue(phone);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expectNoAxeViolations(page, '/profile');

  await page.goto('/settings');
  await page.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectNoAxeViolations(page, '/settings');

  await page.getByRole('button', { name: 'Sign out of every device' }).click();
  await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  const check = await page.request.get('/api/auth/cookie_auth');
  expect(check.status()).toBe(401);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in screens have no axe violations', async ({ page }) => {
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
  await page.getByLabel('Mobile number').fill('08010000003');
  await page.getByRole('link', { name: 'Log in' }).click();
  // The login screen's code loads on demand: the sign-up screen stays until it has arrived.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  await enterNumber(page, '08010000003');
  await expect(page).toHaveURL(/\/auth\/verification\/mobile$/);
  await expect(page.getByText('Resend code in')).toBeVisible();
  await expectNoAxeViolations(page, '/auth/verification/mobile');
});
