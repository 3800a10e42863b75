import { openSqliteStore } from "./sqlite/sqliteStore";
import { describeStoreContract } from "./storeContract";
import { openTestStore } from "./testDatabase";

describeStoreContract("SQLite file", async () => openTestStore());
describeStoreContract("SQLite in memory", async () => openSqliteStore({ file: ":memory:" }));
