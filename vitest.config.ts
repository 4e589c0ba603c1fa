import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['src/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // Screens render through the whole provider tree; on a loaded 2-core machine a few
          // seconds of jsdom is normal, and no test here is about time.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
