import { describe } from "vitest";
import { noPgReason, openPgTestStore } from "./pg/testStore";
import { describeStoreContract } from "./storeContract";

// The run's throw-away cluster (db/pg/testGlobalSetup.ts), in a database of this file's own.
describe.skipIf(noPgReason !== null)(`PostgreSQL store${noPgReason ? ` (skipped: ${noPgReason})` : ""}`, () => {
  describeStoreContract("PostgreSQL", openPgTestStore);
});
