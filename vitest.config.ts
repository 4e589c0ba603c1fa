import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const webTests = ['src/web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'];

/**
 * Web tests that need a module graph and a document of their own: they replace modules
 * (vi.mock), stub globals, environment or timers, switch the query library's online and focus
 * state, or test modules that keep state between calls (saved copies, the offline copy, the shift
 * queue). The rest share their worker's.
 */
export const webTestsIsolated = [
  'src/web/app/first-reads.test.ts',
  'src/web/app/first-views/first-view.test.ts',
  'src/web/app/first-views/staff-view.test.ts',
  'src/web/app/layouts/site-header.test.tsx',
  'src/web/app/route-error.test.tsx',
  'src/web/app/routes/dashboard/home.test.tsx',
  'src/web/app/routes/dashboard/layout.test.tsx',
  'src/web/components/notification-bar.test.tsx',
  'src/web/features/auth/components/verification-form.test.tsx',
  'src/web/features/dispatch/components/dispatch-board-screen.test.tsx',
  'src/web/features/dispatch/components/todays-orders-card.test.tsx',
  'src/web/features/dispatch/components/rider-screen.test.tsx',
  'src/web/features/marketing/api/post-lead.test.ts',
  'src/web/features/marketing/components/download-app-button.test.tsx',
  'src/web/features/marketing/components/lead-form.test.tsx',
  'src/web/features/marketing/components/promo-carousel.test.tsx',
  'src/web/features/marketing/components/rider-signup-form.test.tsx',
  'src/web/features/marketing/components/service-scroller.test.tsx',
  'src/web/features/notifications/lib/push.test.ts',
  'src/web/features/notifications/lib/use-push-device.test.tsx',
  'src/web/features/orders/components/checkout-payment.test.tsx',
  'src/web/features/orders/components/delivery-progress-card.test.tsx',
  'src/web/features/orders/components/order-detail-screen.test.tsx',
  'src/web/features/orders/components/order-history-screen.test.tsx',
  'src/web/features/orders/components/products-screen.test.tsx',
  'src/web/features/orders/components/receipt-screen.test.tsx',
  'src/web/features/orders/lib/saved-cart.test.ts',
  'src/web/features/payments/components/payment-screen.test.tsx',
  'src/web/features/pickup/api/get-client-pickups.test.ts',
  'src/web/features/pickup/components/confirmation-prompt.test.tsx',
  'src/web/features/sales/components/todays-sales-card.test.tsx',
  'src/web/features/shift/lib/shift-sync.test.ts',
  'src/web/features/staff/components/add-staff-screen.test.tsx',
  'src/web/features/wallet/components/wallet-screen.test.tsx',
  'src/web/features/wallet/light/wallet-light.test.ts',
  'src/web/lib/after-first-paint.test.ts',
  'src/web/lib/api-client.test.ts',
  'src/web/lib/device-id.test.ts',
  'src/web/lib/early-reads.test.ts',
  'src/web/lib/emit-with-ack.test.ts',
  'src/web/lib/idempotency-key.test.ts',
  'src/web/lib/offline-copy.test.ts',
  'src/web/lib/pwa.test.ts',
  'src/web/lib/query-client.test.ts',
  'src/web/lib/saved-copies.test.ts',
  'src/web/lib/staff-code.test.ts',
  'src/web/lib/use-after-first-screen.test.tsx',
  'sw/**/*.test.ts',
];

const webEnvironment: { environment: 'jsdom'; setupFiles: string[]; testTimeout: number } = {
  environment: 'jsdom',
  setupFiles: ['src/web/test/setup.ts'],
  // Screens render through the whole provider tree; on a loaded 2-core machine a few seconds of
  // jsdom is normal, and no test here is about time.
  testTimeout: 20_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker less than the cores: one on the 2-core machines the suite
    // runs on, with that core often waiting on a database or a socket. Three keep both busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Pure functions, but a full run shares two cores with the database passes: no test here is
        // about time, so a busy machine gets the same room as the other projects.
        test: { name: 'domain', include: ['src/domain/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'scripts/**/*.test.{ts,mjs}',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          // The suites build their own apps and databases and leave no state in modules: one worker
          // imports the server once for all its files instead of once a file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: webTests,
          exclude: webTestsIsolated,
          ...webEnvironment,
          // One jsdom and one module graph a worker, shared by its files: each file renders into
          // a document the setup file empties after every test.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web-isolated', include: webTestsIsolated, ...webEnvironment },
      },
    ],
  },
});
