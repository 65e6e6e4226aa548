import { defineConfig } from 'drizzle-kit';

// Migrations are generated once and applied identically to PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
