import { expect, test } from '@playwright/test';
import { launchProfileContext, waitForServiceWorker } from './support';

test('the home and about pages render', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ride smarter, arrive faster');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path shows Page not found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the access-denied page explains and leads home', async ({ page }) => {
  await page.goto('/access-denied');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the service worker activates and the app is installable', async () => {
  const { context, close } = await launchProfileContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    expect(await waitForServiceWorker(page)).toBe('activated');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await close();
  }
});
