import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  casing: 'snake_case',
  schema: './apps/server/src/platform/db/schema/index.ts',
  out: './apps/server/src/platform/db/migrations',
});
