import { defineConfig } from "drizzle-kit";

/*
 * The PostgreSQL store (team mode): `npx drizzle-kit generate --config drizzle.pg.config.ts`
 * writes db/pg/migrations from db/pg/schema.ts. The SQLite store keeps drizzle.config.ts.
 * generate needs no database; DATABASE_URL matters only to drizzle-kit's push/studio.
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/pg/schema.ts",
  out: "./db/pg/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost:5432/hookwright" },
});
