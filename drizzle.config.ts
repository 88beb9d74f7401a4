import { defineConfig } from 'drizzle-kit';

// One schema and one migrations folder serve both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
