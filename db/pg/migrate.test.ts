import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type PgCluster } from "../../scripts/pgCluster.mjs";
import { MIGRATION_LOCK_KEY, runPgMigrations } from "./migrate";
import { noPostgresReason, postgresBin } from "./testCluster";

/* db/pg/migrate.ts against a real throw-away PostgreSQL: instances starting together take turns. */

describe.skipIf(!postgresBin)(`runPgMigrations${postgresBin ? "" : ` (skipped: ${noPostgresReason})`}`, () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });

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
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    let settled = false;
    const waiting = runPgMigrations(cluster.url).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    expect(await tables(cluster.url)).toEqual([]);
    await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    await holder.end();
    const first = await waiting;
    expect(first.applied).toBe(1);
    expect(first.waitedMs).toBeGreaterThanOrEqual(350);
    expect(await runPgMigrations(cluster.url)).toMatchObject({ applied: 0 });
  });

  it("lets five instances starting at once apply the migrations exactly once", async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database "fresh"');
    await admin.end();
    const url = cluster.url.replace(/\/hookwright$/, "/fresh");
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
