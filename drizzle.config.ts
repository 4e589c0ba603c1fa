import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/modules/*/tables.ts',
  out: './src/server/db/migrations',
});
