import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import config from '../../playwright.config';

/**
 * A browser context with a real profile on disk: installability and some storage behave like a
 * user's browser there, unlike Playwright's default incognito-like contexts.
 */
export async function launchProfileContext(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arrive-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...config.use?.launchOptions,
    baseURL: process.env.E2E_BASE_URL,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the page's service worker has reached the activated state. */
export async function waitForServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return 'none';
    if (worker.state === 'activated') return worker.state;
    return new Promise<string>((resolve) => {
      worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(worker.state));
    });
  });
}
