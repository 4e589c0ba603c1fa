import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  launchProfileContext,
  policyViolations,
  signUpByApi,
  waitForServiceWorker,
  watchPolicyViolations,
} from './support';

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

/** Waits until the page's behaviour is attached (the prerendered HTML shows earlier). */
async function ready(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
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

test("the service worker precaches every prerendered page's offline copy and the shell, not itself", async ({
  request,
}) => {
  const sw = await (await request.get('/sw.js')).text();
  for (const path of marketingPages) {
    expect(sw).toContain(path === '/' ? '"url":"offline.html"' : `"url":"${path.slice(1)}/offline.html"`);
  }
  expect(sw).toContain('"url":"shell.html"');
  expect(sw).not.toContain('"url":"sw.js"');
});

test('the prerendered pages load no React and run their script without an error', async ({ page }) => {
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of ['/', '/about', '/rider', '/rider/auth', '/driver/signup', '/driver/info', '/grocery-partner']) {
    await open(page, path);
    await expect(h1(page)).toBeVisible();
  }
  expect(problems).toEqual([]);
  // The app's own chunks (React, the router, Mantine) are never fetched by a public page.
  expect(scripts.filter((file) => /\/(index|entry-client|react|router)[-.]/.test(file))).toEqual([]);
  expect(scripts.some((file) => file.includes('/marketing-page-'))).toBe(true);
});

/** What each element of the page looks like: its box and the properties that change how it paints. */
function paintedStyles(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const props = ['display', 'position', 'font-size', 'font-weight', 'line-height', 'color', 'background-color'];
      return [
        element.tagName,
        element.className.toString(),
        ...props.map((prop) => style.getPropertyValue(prop)),
        ...[box.x, box.y, box.width, box.height].map(Math.round),
      ].join(' ');
    }),
  );
}

// The page as the server sends it: after a first visit the worker answers with the page's
// offline copy (its stylesheets linked), so these look at the network's answer.
test.describe('the pages as the server sends them', () => {
  test.use({ serviceWorkers: 'block' });

  test('each public page paints from its pruned inline styles exactly as with its whole stylesheets', async ({
    page,
  }) => {
    for (const path of marketingPages) {
      await open(page, path);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      const inlineOnly = await paintedStyles(page);
      // Any interaction links the whole stylesheets (marketing-page.ts).
      await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
      await expect(page.locator('link[rel="stylesheet"]')).not.toHaveCount(0);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
      );
      expect(await paintedStyles(page), path).toEqual(inlineOnly);
    }
  });
});

/** The text and controls of the page's main content, as they paint (no boxes: wrappers may differ). */
function paintedContent(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1, h2, h3, p, a, button, li, label, input)')].map((element) => {
      const style = getComputedStyle(element);
      const props = ['display', 'font-size', 'font-weight', 'line-height', 'color', 'background-color', 'padding'];
      return [element.tagName, ...props.map((prop) => style.getPropertyValue(prop))].join(' ');
    }),
  );
}

test('a prerendered page paints like the same page drawn by the app with all its styles', async ({ page }) => {
  for (const path of ['/', '/rider', '/driver/info', '/restaurant-partner', '/driver/signup']) {
    await open(page, path);
    const prerendered = await paintedContent(page);
    const heading = (await h1(page).textContent()) ?? '';
    // A screen the app draws (the sign-in screens are prerendered pages themselves).
    await page.goto('/auth/verification/mobile');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(h1(page)).toHaveText(heading);
    expect(await paintedContent(page), path).toEqual(prerendered);
  }
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

test('a partner registers interest and sees the thank-you state, the page breaking no policy', async ({ page }) => {
  // The form's checks run zod, which must not try to compile code from a string.
  await watchPolicyViolations(page);
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
  expect(await policyViolations(page)).toEqual([]);
});

test('a driver applies: the sign-up screen checks its fields, then stores the application', async ({ page }) => {
  await open(page, '/driver/info');
  await page.getByRole('link', { name: 'Sign up to drive' }).click();
  await expect(page).toHaveURL(/\/driver\/signup$/);
  await ready(page);
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

test('the marketing pages have no axe violations, in the light and the dark scheme', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    // The pages follow the device's scheme, set before the first paint.
    await page.emulateMedia({ colorScheme });
    for (const path of ['/', '/about', '/rider', '/driver/info', '/driver/signup', '/business-solutions']) {
      await open(page, path);
      await expect(h1(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map((v) => `${colorScheme} ${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ).toEqual([]);
    }
  }
});

test('on a phone every control of the public pages is a 44 × 44 px tap target', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/about', '/driver/info', '/ride', '/driver/signup']) {
    await open(page, path);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('a, button, input')]
        // Links inside a sentence are exempt (WCAG 2.5.8 "inline").
        .filter((e) => !(e.tagName === 'A' && e.closest('p') && !e.closest('p')?.className.includes('heroLinks')))
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44);
        })
        .map((e) => `${e.tagName} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim()}"`),
    );
    expect(small, path).toEqual([]);
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
    // Offline, the page's script still comes from the precache: the carousel's dots answer.
    await open(page, '/');
    const carousel = page.getByRole('region', { name: 'Sell more groceries' });
    await carousel.getByRole('button', { name: 'Show slide 3: Specialty Food Stores' }).click();
    await expect(carousel.getByRole('group', { name: /of 4/ })).toHaveAccessibleName('3 of 4: Specialty Food Stores');
  } finally {
    await close();
  }
});

test('a public page shows the signed-in menu of this device, and Logout there signs out', async ({ page }) => {
  await signUpByApi(page, '0815');
  // A screen of the app checks the session and remembers it on this device.
  await page.goto('/profile');
  await expect(page.getByLabel('Mobile number')).toBeVisible();

  await open(page, '/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  for (const item of ['Wallet', 'Order history', 'Pickup', 'Profile', 'Setting', 'Logout']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveCount(0);
  // The keyboard moves through the items; Escape closes the menu and gives the focus back.
  await expect(page.getByRole('menuitem', { name: 'Wallet' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Order history' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await ready(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/auth/cookie_auth', { headers: { 'x-platform': 'web' } })).status()).toBe(401);
});

test('the app draws a public page itself with the same behaviour (no reload)', async ({ page }) => {
  await page.goto('/auth/verification/mobile');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole('link', { name: 'Arrive home' }).click();
  await expect(h1(page)).toHaveText('Ride smarter, arrive faster');
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  const carousel = page.getByRole('region', { name: 'Grow your food business' });
  await carousel.getByRole('button', { name: /^Show slide 3/ }).click();
  await expect(carousel.getByRole('group', { name: /of 4/ })).toHaveAccessibleName(/^3 of 4/);
  await page.getByRole('button', { name: 'Scroll services right' }).click();
  await expect(page.getByRole('button', { name: 'Scroll services left' })).toBeEnabled();
  await page.getByRole('link', { name: 'Become a Food Partner' }).click();
  const form = page.getByRole('form', { name: 'Join as a food partner' });
  const join = form.getByRole('button', { name: 'Join as a partner' });
  // The form's script loads after the page is drawn; it makes the button submit (a tap before it
  // does nothing, as on the prerendered page before its script).
  await expect(join).toHaveAttribute('type', 'submit');
  await join.click();
  await expect(form.getByRole('textbox', { name: 'Your name' })).toBeFocused();
});
