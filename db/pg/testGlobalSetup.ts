import { readFile } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { findPostgresBin, machineDeps, startCluster } from "../../scripts/pgCluster.mjs";
import { noPostgresReason } from "./testCluster";

/*
 * Vitest global setup (vitest.config.ts): ONE throw-away PostgreSQL cluster for the whole unit
 * run, started only when a selected test file uses it (so `npx vitest run some.test.ts` elsewhere
 * pays nothing), stopped when the run ends. Test files reach it through `inject("hookwrightPg")`
 * (db/pg/testStore.ts), each in a database of its own. Without PostgreSQL binaries the context
 * carries the reason instead, and those tests skip saying it. Installing PostgreSQL is `npm test`'s
 * job (scripts/test.mjs), never this setup's.
 */

export type PgTestContext = { url: string } | { skip: string };

declare module "vitest" {
  export interface ProvidedContext {
    hookwrightPg: PgTestContext;
  }
}

/** What marks a test file as one that needs the cluster (the helpers of db/pg/testStore.ts and db/testStores.ts). */
const USES_POSTGRES = /\b(openPgTestStore|pgTestDatabase|pgEmptyDatabase|describeEachStore)\b/;

/** The file filters of this vitest run (its positional arguments; extra ones only widen the selection). */
function cliFilters(argv: readonly string[]): string[] {
  return argv.slice(2).filter((arg) => !arg.startsWith("-") && !["run", "watch", "dev", "related"].includes(arg));
}

async function selectionUsesPostgres(project: TestProject): Promise<boolean> {
  const { testFiles } = await project.globTestFiles(cliFilters(process.argv));
  for (const file of testFiles) {
    if (USES_POSTGRES.test(await readFile(file, "utf8"))) return true;
  }
  return false;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.HOOKWRIGHT_PG_TESTS === "0") {
    project.provide("hookwrightPg", { skip: "HOOKWRIGHT_PG_TESTS=0" });
    return undefined;
  }
  if (!(await selectionUsesPostgres(project))) {
    project.provide("hookwrightPg", { skip: "no test file of this run was expected to use PostgreSQL" });
    return undefined;
  }
  const bin = findPostgresBin(machineDeps());
  if (!bin) {
    console.warn(`PostgreSQL tests skip: ${noPostgresReason}`);
    project.provide("hookwrightPg", { skip: noPostgresReason });
    return undefined;
  }
  const cluster = await startCluster({ bin });
  console.log(`PostgreSQL for tests: ready in ${cluster.timings.total} ms (${bin})`);
  project.provide("hookwrightPg", { url: cluster.url });
  return () => cluster.stop();
}
