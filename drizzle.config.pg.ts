import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations, beside the SQLite ones (`drizzle.config.ts`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/schema-pg.ts',
  out: './migrations-pg',
});
