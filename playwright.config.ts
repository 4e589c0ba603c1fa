import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Browser workers, each with a server of its own (tests/e2e/global-setup.ts). */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * The server of this worker: set once the global setup has started them, and read again in each
 * worker process, whose TEST_PARALLEL_INDEX says which one is its own.
 */
export function e2eBaseUrl(): string | undefined {
  if (process.env.E2E_BASE_URL) return process.env.E2E_BASE_URL;
  const urls = process.env.E2E_BASE_URLS?.split(',');
  if (!urls) return undefined;
  return urls[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % urls.length];
}

const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries: a journey that fails once is a bug to fix or report, not noise to hide.
  retries: 0,
  // A journey through several screens, each checked with axe in both schemes, takes half a minute
  // on a quiet 2-core machine and up to twice that on a busy one; a hang still fails, later.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON_OUTPUT ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]] : 'list',
  use: {
    baseURL: e2eBaseUrl(),
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
