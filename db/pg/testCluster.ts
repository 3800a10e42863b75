import { findPostgresBin, machineDeps } from "../../scripts/pgCluster.mjs";

/*
 * For tests that need a real PostgreSQL: whether this machine has one, and why not. Most tests
 * share the unit run's one cluster (db/pg/testGlobalSetup.ts, a database per file: db/pg/testStore.ts);
 * a test that must own a cluster starts one (scripts/pgCluster.mjs, ~0.7 s) in beforeAll.
 * `npm test` installs Debian's postgresql where it can (ensurePostgres), so a skip here means the
 * machine has none and could not get one: the reason says what to install.
 */
export const postgresBin = findPostgresBin(machineDeps());

export const noPostgresReason =
  "no PostgreSQL server binaries (initdb, postgres): run `apt-get install postgresql` as root, or set HOOKWRIGHT_PG_BIN";
