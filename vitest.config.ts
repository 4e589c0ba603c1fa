import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker less than the cores: one on the 2-core machines the suite
    // runs on, with that core often waiting on a database or a socket. Three keep both busy.
    maxWorkers: 3,
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
            'scripts/**/*.test.{ts,mjs}',
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
