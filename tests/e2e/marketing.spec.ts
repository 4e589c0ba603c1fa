import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { launchProfileContext, waitForServiceWorker } from './support';

const serviceCards = [
  { title: 'Ride', path: '/ride', heading: 'Rides with Arrive' },
  { title: 'Driver', path: '/driver/info', heading: 'Drive with Arrive' },
  { title: 'Home delivery', path: '/home-delivery', heading: 'Home delivery' },
  { title: 'Own a restaurant', path: '/food-delivery', heading: 'Own a restaurant? Deliver with Arrive' },
  { title: 'Grocery delivery', path: '/grocery-delivery', heading: 'Grocery delivery' },
  { title: 'A business', path: '/business', heading: 'Arrive for business' },
];

const promoButtons = [
  { label: 'Become a Driver', path: '/driver', heading: 'Become a Driver' },
  { label: 'Become a Food Partner', path: '/restaurant-partner', heading: 'Become a Food Partner' },
  { label: 'Become a Grocery Partner', path: '/grocery-partner', heading: 'Become a Grocery Partner' },
  { label: 'Explore Business Solutions', path: '/business-solutions', heading: 'Business Solutions' },
];

const footerLinks = [
  { label: 'Home Delivery', path: '/home-delivery' },
  { label: 'ride', path: '/ride' },
  { label: 'Own a Restaurant', path: '/restaurant' },
  { label: 'Help centre', path: '/service-1' },
  { label: 'Safety', path: '/service-2' },
];

const marketingPages = [
  '/',
  '/about',
  '/rider',
  '/rider/auth',
  '/driver/signup',
  '/driver/info',
  '/ride',
  '/home-delivery',
  '/food-delivery',
  '/grocery-delivery',
  '/business',
  '/restaurant',
  '/driver',
  '/restaurant-partner',
  '/grocery-partner',
  '/business-solutions',
  '/service-1',
  '/service-2',
];

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens a page and waits until React has hydrated it (the prerendered HTML shows earlier). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

async function openHome(page: Page) {
  await open(page, '/');
  await expect(h1(page)).toHaveText('Ride smarter, arrive faster');
}

test('the marketing pages are prerendered: the headline is in the HTML before any JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/', '/driver/info', '/rider', '/restaurant-partner']) {
    await page.goto(path);
    await expect(h1(page)).toBeVisible();
  }
  await page.goto('/driver/info');
  await expect(page.getByText('₦25,000 – ₦60,000').first()).toBeVisible();
  await context.close();
});

test('the service worker precaches every prerendered page and the shell, not itself', async ({ request }) => {
  const sw = await (await request.get('/sw.js')).text();
  for (const path of marketingPages) {
    expect(sw).toContain(path === '/' ? '"url":"index.html"' : `"url":"${path.slice(1)}/index.html"`);
  }
  expect(sw).not.toContain('"url":"sw.js"');
});

test('the prerendered pages hydrate without a mismatch', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of ['/', '/about', '/rider', '/rider/auth', '/driver/signup', '/driver/info', '/grocery-partner']) {
    await open(page, path);
    await expect(h1(page)).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('every service card leads to a page about that service', async ({ page }) => {
  for (const card of serviceCards) {
    await openHome(page);
    await page.getByRole('link', { name: `Go to Service: ${card.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${card.path}$`));
    await expect(h1(page)).toHaveText(card.heading);
  }
});

test('every promotional button leads to its partner page with a form', async ({ page }) => {
  for (const promo of promoButtons) {
    await openHome(page);
    await page.getByRole('link', { name: promo.label }).click();
    await expect(page).toHaveURL(new RegExp(`${promo.path}$`));
    await expect(h1(page)).toHaveText(promo.heading);
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  }
});

test('the footer links reach real pages', async ({ page }) => {
  for (const link of footerLinks) {
    await open(page, '/about');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.path}$`));
    await expect(h1(page)).toBeVisible();
    await expect(
      page.getByRole('button', { name: /call me back|register interest|notify me|request a call/i }),
    ).toBeVisible();
  }
});

test('the service list scrolls with its arrow buttons and the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openHome(page);
  const track = page.getByRole('region', { name: 'Services (scrolls sideways)' });
  const left = page.getByRole('button', { name: 'Scroll services left' });
  const right = page.getByRole('button', { name: 'Scroll services right' });
  await expect(left).toBeDisabled();
  await right.click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(150);
  await expect(left).toBeEnabled();
  await left.click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
  await track.focus();
  await page.keyboard.press('End');
  await expect(right).toBeDisabled();
  await page.keyboard.press('Home');
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);
});

test('promo slides rotate, and the dots jump to a slide', async ({ page }) => {
  await openHome(page);
  const carousel = page.getByRole('region', { name: 'Earn on your own schedule' });
  const visibleSlide = carousel.getByRole('group', { name: /of 4/ });
  await expect(visibleSlide).toHaveAccessibleName('1 of 4: Car Driver');
  // Rotation happens every 5 s while the carousel is neither hovered nor focused.
  await page.mouse.move(0, 0);
  await expect(visibleSlide).toHaveAccessibleName('2 of 4: Motorbike Driver', { timeout: 7000 });
  await carousel.getByRole('button', { name: 'Show slide 4: Bike Rider' }).click();
  await expect(visibleSlide).toHaveAccessibleName('4 of 4: Bike Rider');
  await expect(carousel.getByRole('button', { name: 'Show slide 4: Bike Rider' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the download button explains how to install where the browser offers no prompt', async ({ page }) => {
  await openHome(page);
  await page.getByRole('button', { name: 'Download the app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Install Arrive' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
});

test('a partner registers interest and sees the thank-you state', async ({ page }) => {
  await open(page, '/restaurant-partner');
  const form = page.getByRole('form', { name: 'Join as a food partner' });
  await form.getByRole('textbox', { name: 'Your name' }).fill('Ngozi Okafor');
  await form.getByRole('textbox', { name: 'Phone number' }).fill('08034567890');
  await form.getByRole('textbox', { name: 'City' }).fill('Enugu');
  await form.getByRole('button', { name: 'Join as a partner' }).click();
  await expect(form.getByRole('textbox', { name: 'Business name' })).toHaveAccessibleDescription(
    'Enter your business name',
  );
  await form.getByRole('textbox', { name: 'Business name' }).fill('Ngozi Kitchen');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/leads/interest'));
  await form.getByRole('button', { name: 'Join as a partner' }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByTestId('lead-thanks')).toContainText('Thank you, Ngozi Okafor!');
});

test('a driver applies: the sign-up screen checks its fields, then stores the application', async ({ page }) => {
  await open(page, '/driver/info');
  await page.getByRole('link', { name: 'Sign up to drive' }).click();
  await expect(page).toHaveURL(/\/driver\/signup$/);
  const signUp = page.getByRole('button', { name: 'Sign Up' });
  await signUp.click();
  await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');

  await page.getByRole('textbox', { name: 'Full Name' }).fill('Tunde Bakare');
  await page.getByRole('textbox', { name: 'Email' }).fill('tunde@example.com');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('08098765432');
  await page.getByLabel(/^Password/).fill('a long secret');
  await page.getByLabel(/^Confirm Password/).fill('another secret');
  await signUp.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  await page.getByLabel(/^Confirm Password/).fill('a long secret');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/leads/application'));
  await signUp.click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByTestId('signup-done')).toContainText('Thank you, Tunde Bakare');
});

test('the rider page leads to the rider sign-up', async ({ page }) => {
  for (const label of ['Sign Up to Ride', 'Get Started']) {
    await open(page, '/rider');
    await page.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(/\/rider\/auth$/);
    await expect(h1(page)).toHaveText('Sign up to ride');
  }
});

test('the marketing pages have no axe violations', async ({ page }) => {
  for (const path of ['/', '/about', '/rider', '/driver/info', '/driver/signup', '/business-solutions']) {
    await open(page, path);
    await expect(h1(page)).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
      [],
    );
  }
});

test('after one visit, every marketing page loads with the network off', async () => {
  const { context, close } = await launchProfileContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    expect(await waitForServiceWorker(page)).toBe('activated');
    await context.setOffline(true);
    for (const path of marketingPages) {
      await page.goto(path);
      await expect(h1(page)).toBeVisible();
    }
    // Offline, the page still hydrates from the precache: React answers the carousel's dots.
    await open(page, '/');
    const carousel = page.getByRole('region', { name: 'Sell more groceries' });
    await carousel.getByRole('button', { name: 'Show slide 3: Specialty Food Stores' }).click();
    await expect(carousel.getByRole('group', { name: /of 4/ })).toHaveAccessibleName('3 of 4: Specialty Food Stores');
  } finally {
    await close();
  }
});
