import pg from "pg";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY, runPgMigrations } from "./migrate";
import { noPgReason, pgEmptyDatabase } from "./testStore";

/* db/pg/migrate.ts against a real PostgreSQL (the run's throw-away cluster, a new database each): instances starting together take turns. */

describe.skipIf(noPgReason !== null)(`runPgMigrations${noPgReason ? ` (skipped: ${noPgReason})` : ""}`, () => {

  async function tables(url: string): Promise<string[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      return rows.map((row) => row.table_name);
    } finally {
      await client.end();
    }
  }

  it("waits while another instance holds the migration lock, then finds nothing left to apply", async () => {
    const url = await pgEmptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    let settled = false;
    const waiting = runPgMigrations(url).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    expect(await tables(url)).toEqual([]);
    await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    await holder.end();
    const first = await waiting;
    expect(first.applied).toBe(1);
    expect(first.waitedMs).toBeGreaterThanOrEqual(350);
    expect(await runPgMigrations(url)).toMatchObject({ applied: 0 });
  });

  it("lets five instances starting at once apply the migrations exactly once", async () => {
    const url = await pgEmptyDatabase();
    const results = await Promise.all(Array.from({ length: 5 }, () => runPgMigrations(url)));
    expect(results.map((r) => r.applied).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(await tables(url)).toEqual([
      "approval_requests",
      "meta",
      "model_providers",
      "pipeline_revisions",
      "pipelines",
      "run_events",
      "runs",
    ]);
  });
});
